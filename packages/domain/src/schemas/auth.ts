import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { normalizePhone } from '../phone.js';
import { codeField, emailField, existingPasswordField, newPasswordField, personNameField } from './fields.js';

/**
 * Sign-up. The phone arrives in international form (+country digits) as the form builds it from the
 * chosen country; it must be a valid number with 7 to 15 digits.
 */
export const signUpSchema = z.object({
  email: emailField,
  password: newPasswordField,
  given_name: personNameField,
  family_name: personNameField,
  phone_number: z
    .string({ message: MSG.invalidPhone })
    .trim()
    .refine((p) => normalizePhone(p) !== null, { message: MSG.invalidPhone })
    .transform((p) => normalizePhone(p) as string),
  company_name: z.string().trim().max(LIMITS.addressFieldMax).optional().default(''),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const confirmSignUpSchema = z.object({ email: emailField, code: codeField });
export const emailOnlySchema = z.object({ email: emailField });
export const signInSchema = z.object({ email: emailField, password: existingPasswordField });
export const resetPasswordSchema = z.object({ email: emailField, code: codeField, password: newPasswordField });
export const completeNewPasswordSchema = z.object({
  session: z.string().min(1, { message: MSG.nonEmpty }),
  password: newPasswordField,
});
export const verifyEmailSchema = z.object({ code: codeField });
export const refreshSchema = z.object({ refreshToken: z.string().min(1, { message: MSG.nonEmpty }) });
export const signOutSchema = z.object({ refreshToken: z.string().optional() });

/** Settings → change password: old password required, new one meets the rules. */
export const changePasswordSchema = z.object({
  previousPassword: existingPasswordField,
  proposedPassword: newPasswordField,
});

export const authTokensSchema = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
});
export const signInResultSchema = z.union([
  authTokensSchema,
  z.object({ challenge: z.literal('NEW_PASSWORD_REQUIRED'), session: z.string() }),
]);
export type AuthTokens = z.infer<typeof authTokensSchema>;
export type SignInResult = z.infer<typeof signInResultSchema>;

export const authProviderSchema = z.object({ domain: z.string(), provider: z.string() });
export type AuthProvider = z.infer<typeof authProviderSchema>;

/** The SSO provider of an e-mail's domain, if any: the sign-in form then hides the password. */
export function ssoProviderFor(email: string, providers: AuthProvider[]): AuthProvider | undefined {
  const domain = email.trim().toLowerCase().split('@')[1];
  if (!domain) return undefined;
  return providers.find((p) => p.domain.toLowerCase() === domain);
}
