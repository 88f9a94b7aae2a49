import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authProviderSchema,
  authTokensSchema,
  changePasswordSchema,
  completeNewPasswordSchema,
  confirmSignUpSchema,
  emailOnlySchema,
  refreshSchema,
  resetPasswordSchema,
  signInResultSchema,
  signInSchema,
  signOutSchema,
  signUpSchema,
  verifyEmailSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import * as auth from './service.js';
import * as passwords from './passwords.js';
import * as sessions from './sessions.js';
import { Throttled } from './throttle.js';

const destination = z.object({ destination: z.string() });
const publicRoute = { access: 'public' } as const;
const tags = ['identity'];

/** Our identity service (replaces the hosted provider of the spec); error names follow that provider. */
export function authRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // A throttled answer says when to come back, as a header too (onError runs before the error handler).
    app.addHook('onError', async (_req, reply, error) => {
      if (error instanceof Throttled) void reply.header('retry-after', String(error.retryAfterSeconds));
    });

    r.post(
      '/auth/signup',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Self-service sign-up; mails a confirmation code',
          body: signUpSchema,
          response: { 200: z.object({ userConfirmed: z.literal(false), destination: z.string() }) },
        },
      },
      (req) => auth.signUp(deps, req.body, req.ip),
    );

    r.post(
      '/auth/confirm-signup',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Confirm a sign-up with the mailed code',
          body: confirmSignUpSchema,
          response: { 200: z.object({ confirmed: z.literal(true) }) },
        },
      },
      (req) => auth.confirmSignUp(deps, req.body.email, req.body.code),
    );

    // Code mails are not in the activity log: a mail, no account data changes.
    r.post(
      '/auth/resend-code',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Mail the confirmation (or verification) code again',
          body: emailOnlySchema,
          response: { 200: destination },
        },
      },
      (req) => auth.resendCode(deps, req.body.email, req.ip),
    );

    r.post(
      '/auth/signin',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Sign in; may answer a NEW_PASSWORD_REQUIRED challenge',
          body: signInSchema,
          response: { 200: signInResultSchema },
        },
      },
      (req) => sessions.signIn(deps, req.body.email, req.body.password, req.ip),
    );

    r.post(
      '/auth/complete-new-password',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Answer the new-password challenge',
          body: completeNewPasswordSchema,
          response: { 200: authTokensSchema.extend({ emailVerified: z.boolean() }) },
        },
      },
      (req) => passwords.completeNewPassword(deps, req.body.session, req.body.password),
    );

    // Not in the activity log: a mailed code; the reset it leads to is logged.
    r.post(
      '/auth/forgot-password',
      {
        config: publicRoute,
        schema: { tags, summary: 'Mail a password reset code', body: emailOnlySchema, response: { 200: destination } },
      },
      (req) => passwords.forgotPassword(deps, req.body.email, req.ip),
    );

    r.post(
      '/auth/reset-password',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Set a new password with the mailed reset code',
          body: resetPasswordSchema,
          response: { 200: z.object({}) },
        },
      },
      async (req) => {
        await passwords.resetPassword(deps, req.body.email, req.body.code, req.body.password);
        return {};
      },
    );

    // Not in the activity log: a mailed code; the verification it leads to is logged.
    r.post(
      '/auth/verify-email/send',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Mail an e-mail verification code to the signed-in user',
          response: { 200: destination },
        },
      },
      (req) => auth.sendVerifyEmail(deps, callerOf(req).accountId, req.ip),
    );

    r.post(
      '/auth/verify-email',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Verify the e-mail address with the mailed code',
          body: verifyEmailSchema,
          response: { 200: z.object({ verified: z.literal(true) }) },
        },
      },
      (req) => auth.verifyEmail(deps, callerOf(req), req.body.code),
    );

    // Not a sign-in: renews a session whose sign-in was logged.
    r.post(
      '/auth/refresh',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'A new ID token for a refresh token',
          body: refreshSchema,
          response: { 200: authTokensSchema },
        },
      },
      (req) => sessions.refresh(deps, req.body.refreshToken),
    );

    // Not in the activity log: ends a session (the log keeps sign-ins; spec 3 §3 has no sign-out type).
    r.post(
      '/auth/signout',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'End the session of a refresh token (and the ID tokens it issued)',
          body: signOutSchema.optional(),
        },
      },
      async (req, reply) => {
        await sessions.signOut(deps, req.body?.refreshToken);
        return reply.status(204).send();
      },
    );

    r.put(
      '/rest/cognito/password',
      {
        config: { access: 'session' },
        schema: {
          tags,
          summary: 'Change the password (needs the current one); ends the other sessions',
          body: changePasswordSchema,
        },
      },
      async (req, reply) => {
        await passwords.changePassword(
          deps,
          callerOf(req),
          req.body.previousPassword,
          req.body.proposedPassword,
          req.ip,
        );
        return reply.status(204).send();
      },
    );

    r.get(
      '/rest/authproviders',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'E-mail domains that sign in through single sign-on',
          response: { 200: z.array(authProviderSchema) },
        },
      },
      () => deps.db.selectFrom('auth_providers').select(['domain', 'provider']).orderBy('domain').execute(),
    );
  };
}
