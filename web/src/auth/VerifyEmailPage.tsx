import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { MSG, verifyEmailSchema } from '@fieldbook/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useSendEmailVerification, useVerifyEmail } from '../api/auth';
import { errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { showSnack } from '../app/snackbar-store';
import { AuthFooter, AuthForm, SubmitButton } from './AuthForm';
import { CodeField } from './fields';
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
  const sendFirstCode = useEffectEvent(() => sendCode(false));
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    sendFirstCode();
  }, []);

  const submit = () => {
    setError(null);
    verify.mutate(
      { code: form.values.code.trim() },
      {
        onSuccess: () => {
          void client.invalidateQueries({ queryKey: ['profile'] });
          showSnack('app.verify-email.success', 'success');
          void navigate('/index.html', { replace: true });
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
    <AuthForm
      title={label('app.verify-email.title')}
      subtitle={subtitle}
      error={error}
      valid={form.valid}
      onSubmit={submit}
    >
      <CodeField form={form} testId="verify-code" onResend={() => sendCode(true)} resending={send.isPending} />
      <SubmitButton testId="verify-submit" disabled={!form.valid || verify.isPending}>
        {label('app.verify-email.submit')}
      </SubmitButton>
      <AuthFooter>
        <RouterLinkText to="/signout">{label('app.signout')}</RouterLinkText>
      </AuthFooter>
    </AuthForm>
  );
}
