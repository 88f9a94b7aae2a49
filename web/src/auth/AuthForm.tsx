import type { FormEvent, ReactNode } from 'react';
import { Box, Button } from '@mui/material';
import { useIntl } from 'react-intl';
import { AuthTitle } from './AuthTitle';
import { FormError } from './FormError';
import { RouterLinkText } from './RouterLinkText';

interface AuthFormProps {
  title: string;
  subtitle?: ReactNode;
  error: string | null;
  /** Submitting an invalid form (Enter in a field) does nothing: the submit button is disabled too. */
  valid: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** A signed-out form: heading (also its accessible name), the form-level error, then the fields. */
export function AuthForm({ title, subtitle, error, valid, onSubmit, children }: AuthFormProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <AuthTitle title={title} subtitle={subtitle} />
      <FormError message={error} />
      {children}
    </form>
  );
}

/** The full-width primary button of a signed-out form. */
export function SubmitButton({
  testId,
  disabled,
  children,
}: {
  testId: string;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={disabled}
      sx={{ mt: 2 }}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** The centred line of links under a form; `muted` greys its prose (links keep their colour). */
export function AuthFooter({ muted, children }: { muted?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ mt: 3, textAlign: 'center', typography: 'body2', ...(muted && { color: 'text.secondary' }) }}>
      {children}
    </Box>
  );
}

/** The footer of the screens reached from sign-in. */
export function BackToSignIn() {
  const intl = useIntl();
  return (
    <AuthFooter>
      <RouterLinkText to="/signin">{intl.formatMessage({ id: 'app.back-to-signin' })}</RouterLinkText>
    </AuthFooter>
  );
}
