import { Box, Link, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import type { useForm } from '../app/form';

/** The TextField props `useForm().field()` returns for one field. */
export type FormFieldProps = ReturnType<ReturnType<typeof useForm>['field']>;

/** A form with a field called `K` (the shared fields own their name and label). */
interface FormWith<K extends string> {
  field: (name: K, label: string) => FormFieldProps;
}

interface EmailFieldProps {
  form: FormWith<'email'>;
  testId: string;
  autoFocus?: boolean;
  /** `username` where it signs in to an existing account, `email` on sign-up. */
  autoComplete?: 'username' | 'email';
  maxLength?: number;
}

/** The required e-mail field of the signed-out screens; `testId` lands on the <input>. */
export function EmailField({ form, testId, autoFocus, autoComplete = 'username', maxLength }: EmailFieldProps) {
  const intl = useIntl();
  return (
    <TextField
      {...form.field('email', intl.formatMessage({ id: 'app.field.email' }))}
      type="email"
      required
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { 'data-testid': testId, autoComplete, maxLength } }}
    />
  );
}

interface CodeFieldProps {
  form: FormWith<'code'>;
  testId: string;
  autoFocus?: boolean;
  onResend: () => void;
  resending: boolean;
  resendTestId?: string;
}

/** The mailed one-time code, with the "send it again" link under it. */
export function CodeField({ form, testId, autoFocus = true, onResend, resending, resendTestId }: CodeFieldProps) {
  const intl = useIntl();
  return (
    <>
      <TextField
        {...form.field('code', intl.formatMessage({ id: 'app.field.code' }))}
        required
        autoFocus={autoFocus}
        slotProps={{ htmlInput: { 'data-testid': testId, inputMode: 'numeric', autoComplete: 'one-time-code' } }}
      />
      <Box sx={{ textAlign: 'right', mt: 0.5 }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          underline="hover"
          onClick={onResend}
          disabled={resending}
          data-testid={resendTestId}
        >
          {intl.formatMessage({ id: 'app.code.resend' })}
        </Link>
      </Box>
    </>
  );
}
