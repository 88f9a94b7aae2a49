import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Link, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { MSG, verifyEmailSchema } from '@fieldbook/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useSendEmailVerification, useVerifyEmail } from '../api/auth';
import { errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { showSnack } from '../app/snackbar-store';
import { AuthTitle } from './AuthTitle';
import { FormError } from './FormError';
import { RouterLinkText } from './RouterLinkText';

/** /verify-email (signed in): a code is sent on arrival; entering it verifies the e-mail. */
export function VerifyEmailPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useQueryClient();
  const send = useSendEmailVerification();
  const verify = useVerifyEmail();
  const [error, setError] = useState<string | null>(null);
  const [destination, setDestination] = useState<string | null>(null);
  const form = useForm({ code: '' }, (v) => schemaErrors(verifyEmailSchema, v));
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const sent = useRef(false);

  const sendCode = (announce: boolean) =>
    send.mutate(undefined, {
      onSuccess: (r) => {
        setDestination(r.destination);
        if (announce) showSnack(MSG.resendCodeSuccess, 'success');
      },
      onError: (err) => setError(errorMessageOf(err)),
    });

  // Once per visit, also under StrictMode's double effects in development.
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    sendCode(false);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
    setError(null);
    verify.mutate(
      { code: form.values.code.trim() },
      {
        onSuccess: () => {
          void client.invalidateQueries({ queryKey: ['profile'] });
          showSnack('app.verify-email.success', 'success');
          navigate('/index.html', { replace: true });
        },
        onError: (err) => {
          setError(errorMessageOf(err));
          form.reset();
        },
      },
    );
  };

  const subtitle = destination
    ? label('app.verify-email.sent-to', { destination })
    : label('app.verify-email.subtitle');

  return (
    <form onSubmit={submit} noValidate aria-label={label('app.verify-email.title')}>
      <AuthTitle title={label('app.verify-email.title')} subtitle={subtitle} />
      <FormError message={error} />
      <TextField
        {...form.field('code', label('app.field.code'))}
        required
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'verify-code', inputMode: 'numeric', autoComplete: 'one-time-code' } }}
      />
      <Box sx={{ textAlign: 'right', mt: 0.5 }}>
        <Link component="button" type="button" variant="body2" underline="hover" onClick={() => sendCode(true)} disabled={send.isPending}>
          {label('app.code.resend')}
        </Link>
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!form.valid || verify.isPending}
        sx={{ mt: 2 }}
        data-testid="verify-submit"
      >
        {label('app.verify-email.submit')}
      </Button>
      <Box sx={{ mt: 3, textAlign: 'center', typography: 'body2' }}>
        <RouterLinkText to="/signout">{label('app.signout')}</RouterLinkText>
      </Box>
    </form>
  );
}
