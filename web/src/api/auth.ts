import { useMutation, useQuery } from '@tanstack/react-query';
import type { AuthProvider, AuthTokens, SignInResult } from '@fieldbook/domain';
import { apiFetch } from './client';

/** Identity calls of spec 1 §4 (our own `/auth/...` service, DESIGN §4). */

export interface SignUpBody {
  email: string;
  password: string;
  given_name: string;
  family_name: string;
  phone_number: string;
  company_name: string;
}
export interface CodeDestination {
  destination: string;
}
export type CompleteNewPasswordResult = AuthTokens & { emailVerified: boolean };

const post = <T>(path: string, body?: unknown, auth = false) => apiFetch<T>(path, { method: 'POST', body, auth });

export const authApi = {
  signUp: (body: SignUpBody) => post<{ userConfirmed: boolean } & CodeDestination>('/auth/signup', body),
  confirmSignUp: (body: { email: string; code: string }) => post<{ confirmed: true }>('/auth/confirm-signup', body),
  resendCode: (body: { email: string }) => post<CodeDestination>('/auth/resend-code', body),
  signIn: (body: { email: string; password: string }) => post<SignInResult>('/auth/signin', body),
  completeNewPassword: (body: { session: string; password: string }) =>
    post<CompleteNewPasswordResult>('/auth/complete-new-password', body),
  forgotPassword: (body: { email: string }) => post<CodeDestination>('/auth/forgot-password', body),
  resetPassword: (body: { email: string; code: string; password: string }) =>
    post<Record<string, never>>('/auth/reset-password', body),
  sendEmailVerification: () => post<CodeDestination>('/auth/verify-email/send', {}, true),
  verifyEmail: (body: { code: string }) => post<{ verified: true }>('/auth/verify-email', body, true),
  signOut: (refreshToken: string | undefined) => post<void>('/auth/signout', { refreshToken }, true),
  authProviders: () => apiFetch<AuthProvider[]>('/rest/authproviders', { auth: false }),
};

export const isChallenge = (r: SignInResult): r is Extract<SignInResult, { challenge: string }> => 'challenge' in r;

export const useSignUp = () => useMutation({ mutationFn: authApi.signUp });
export const useConfirmSignUp = () => useMutation({ mutationFn: authApi.confirmSignUp });
export const useResendCode = () => useMutation({ mutationFn: authApi.resendCode });
export const useSignIn = () => useMutation({ mutationFn: authApi.signIn });
export const useCompleteNewPassword = () => useMutation({ mutationFn: authApi.completeNewPassword });
export const useForgotPassword = () => useMutation({ mutationFn: authApi.forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: authApi.resetPassword });
export const useSendEmailVerification = () => useMutation({ mutationFn: authApi.sendEmailVerification });
export const useVerifyEmail = () => useMutation({ mutationFn: authApi.verifyEmail });

/** SSO domains; the sign-in form hides the password for them. Failing to load them just means no SSO. */
export const useAuthProviders = () =>
  useQuery({ queryKey: ['authproviders'], queryFn: authApi.authProviders, staleTime: 10 * 60 * 1000, retry: 1 });
