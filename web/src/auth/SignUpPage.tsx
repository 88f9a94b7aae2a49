import { useState } from 'react';
import { Stack, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { DEFAULT_PHONE_COUNTRY, LIMITS, normalizePhone, signUpSchema } from '@fieldbook/domain';
import type { CountryCode } from 'libphonenumber-js';
import { useSignUp } from '../api/auth';
import { errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { AuthFooter, AuthForm, SubmitButton } from './AuthForm';
import { EmailField } from './fields';
import { NewPasswordFields } from './NewPasswordFields';
import { PhoneCountrySelect } from './PhoneCountrySelect';
import { RouterLinkText } from './RouterLinkText';
import { withConfirmation } from './passwords';

const EMPTY = {
  email: '',
  given_name: '',
  family_name: '',
  phone_number: '',
  company_name: '',
  password: '',
  confirm: '',
};
type Values = typeof EMPTY;

/** The body the server expects: the phone in E.164, built from the chosen country (empty when invalid). */
function toBody(v: Values, country: CountryCode) {
  return {
    email: v.email.trim().toLowerCase(),
    password: v.password,
    given_name: v.given_name.trim(),
    family_name: v.family_name.trim(),
    phone_number: normalizePhone(v.phone_number, country) ?? '',
    company_name: v.company_name.trim(),
  };
}

/** /signup (spec 1 §5): the shared sign-up schema validates every field; submit waits until all hold. */
export function SignUpPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [country, setCountry] = useState<CountryCode>(DEFAULT_PHONE_COUNTRY);
  const [error, setError] = useState<string | null>(null);
  const form = useForm(
    EMPTY,
    (v) => withConfirmation(schemaErrors(signUpSchema, toBody(v, country)), v.password, v.confirm),
    { live: ['password', 'confirm'] },
  );
  const label = (id: string) => intl.formatMessage({ id });

  const submit = () => {
    setError(null);
    const body = toBody(form.values, country);
    signUp.mutate(body, {
      onSuccess: (result) =>
        navigate('/confirm-signup', {
          state: { email: body.email, password: body.password, destination: result.destination },
        }),
      onError: (err) => setError(errorMessageOf(err)),
    });
  };

  return (
    <AuthForm
      title={label('app.signup.title')}
      subtitle={label('app.signup.subtitle')}
      error={error}
      valid={form.valid}
      onSubmit={submit}
    >
      <EmailField form={form} testId="signup-email" autoFocus autoComplete="email" maxLength={LIMITS.emailMax} />
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
        <TextField
          {...form.field('given_name', label('app.field.first-name'))}
          required
          slotProps={{ htmlInput: { 'data-testid': 'signup-first-name', autoComplete: 'given-name' } }}
        />
        <TextField
          {...form.field('family_name', label('app.field.last-name'))}
          required
          slotProps={{ htmlInput: { 'data-testid': 'signup-last-name', autoComplete: 'family-name' } }}
        />
      </Stack>
      <PhoneCountrySelect label={label('app.field.country')} value={country} onChange={setCountry} />
      <TextField
        {...form.field('phone_number', label('app.field.phone'))}
        type="tel"
        required
        slotProps={{ htmlInput: { 'data-testid': 'signup-phone', autoComplete: 'tel-national' } }}
      />
      <TextField
        {...form.field('company_name', label('app.field.company'), label('app.field.optional'))}
        slotProps={{ htmlInput: { 'data-testid': 'signup-company', autoComplete: 'organization' } }}
      />
      <NewPasswordFields
        password={form.field('password', label('app.field.password'))}
        confirm={form.field('confirm', label('app.field.confirm-password'))}
        testIds={{ password: 'signup-password', confirm: 'signup-confirm-password' }}
      />
      <SubmitButton testId="signup-submit" disabled={!form.valid || signUp.isPending}>
        {label('app.signup.submit')}
      </SubmitButton>
      <AuthFooter muted>
        {label('app.signup.have-account')}{' '}
        <RouterLinkText to="/signin">{label('app.signup.signin-link')}</RouterLinkText>
      </AuthFooter>
    </AuthForm>
  );
}
