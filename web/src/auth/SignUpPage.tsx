import { useState, type FormEvent } from 'react';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { DEFAULT_PHONE_COUNTRY, LIMITS, normalizePhone, signUpSchema } from '@fieldbook/domain';
import type { CountryCode } from 'libphonenumber-js';
import { useSignUp } from '../api/auth';
import { errorMessageOf } from '../api/client';
import { schemaErrors, useForm } from '../app/form';
import { AuthTitle } from './AuthTitle';
import { FormError } from './FormError';
import { PasswordField } from './PasswordField';
import { PhoneCountrySelect } from './PhoneCountrySelect';
import { RouterLinkText } from './RouterLinkText';
import { withConfirmation } from './passwords';

const EMPTY = { email: '', given_name: '', family_name: '', phone_number: '', company_name: '', password: '', confirm: '' };
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid) return;
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
    <form onSubmit={submit} noValidate aria-label={label('app.signup.title')}>
      <AuthTitle title={label('app.signup.title')} subtitle={label('app.signup.subtitle')} />
      <FormError message={error} />
      <TextField
        {...form.field('email', label('app.field.email'))}
        type="email"
        required
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'signup-email', autoComplete: 'email', maxLength: LIMITS.emailMax } }}
      />
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
      <PasswordField
        {...form.field('password', label('app.field.password'))}
        autoComplete="new-password"
        testId="signup-password"
        required
      />
      <PasswordField
        {...form.field('confirm', label('app.field.confirm-password'))}
        autoComplete="new-password"
        testId="signup-confirm-password"
        required
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!form.valid || signUp.isPending}
        sx={{ mt: 2 }}
        data-testid="signup-submit"
      >
        {label('app.signup.submit')}
      </Button>
      <Box sx={{ mt: 3, textAlign: 'center', typography: 'body2', color: 'text.secondary' }}>
        {label('app.signup.have-account')} <RouterLinkText to="/signin">{label('app.signup.signin-link')}</RouterLinkText>
      </Box>
    </form>
  );
}
