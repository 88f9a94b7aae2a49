import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createAccount, signIn, signUpBody, uniqueEmail, type TestUser } from './factories.js';
import { insertMembership } from '../src/accounts/store.js';
import { lastSeq, loggedSince } from './activity-log.js';
import { entry, logged } from './activity-settings-fixtures.js';

/**
 * Every successful sign-in logs a Login entry (category General, no project) in the organization the
 * session is for, the account's default one; a failed sign-in and a token refresh log nothing. The
 * identity flows' account changes (sign-up, confirmation, e-mail verification, first password) are
 * logged as General entries too.
 */
const post = (h: Harness, url: string, payload: object) => h.app.inject({ method: 'POST', url, payload });
const signin = (h: Harness, email: string, password: string) => post(h, '/auth/signin', { email, password });
const signedIn = (user: { email: string; accountId: string }, method = 'password') =>
  entry(user, 'Login', 'General', 'Signed in', { accountId: user.accountId, method });

describe('sign-in activity', () => {
  it('logs a Login in the default organization only, each time', async () => {
    const h = await harness();
    const user = await createAccount(h);
    const other = await createAccount(h);
    await insertMembership(h.db, { accountId: user.accountId, organizationId: other.organizationId, userType: '0001' });

    const first = await logged(h, user.organizationId, () => signin(h, user.email, user.password));
    expect(first.res.statusCode).toBe(200);
    expect(first.entries).toEqual([signedIn(user)]);
    const since = first.entries[0]!.seq;
    expect((await signin(h, user.email, user.password)).statusCode).toBe(200);
    expect(await loggedSince(h, user.organizationId, since)).toEqual([signedIn(user)]);
    expect(await loggedSince(h, other.organizationId, since - 1)).toEqual([]);

    // Working in the other organization by default, the session is for it.
    await h.db
      .updateTable('accounts')
      .set({ default_organization_id: other.organizationId })
      .where('id', '=', user.accountId)
      .execute();
    const moved = await logged(h, other.organizationId, () => signin(h, user.email, user.password));
    expect(moved.entries).toEqual([signedIn(user)]);
    expect(await loggedSince(h, user.organizationId, moved.entries[0]!.seq)).toEqual([]);
  });

  it('logs nothing for a failed sign-in or a refreshed token', async () => {
    const h = await harness();
    const user = await signIn(h, await createAccount(h));
    const disabled = await createAccount(h, { organizationId: user.organizationId, active: false });
    const resetting = await createAccount(h, { organizationId: user.organizationId, passwordResetRequired: true });
    const since = await lastSeq(h);
    expect((await signin(h, user.email, 'Wrong-pass1')).statusCode).toBe(401);
    expect((await signin(h, uniqueEmail(), 'Wrong-pass1')).statusCode).toBe(401);
    expect((await signin(h, disabled.email, disabled.password)).statusCode).toBe(401);
    expect((await signin(h, resetting.email, resetting.password)).statusCode).toBe(400);
    expect((await post(h, '/auth/refresh', { refreshToken: user.refreshToken })).statusCode).toBe(200);
    expect((await post(h, '/auth/signout', { refreshToken: user.refreshToken })).statusCode).toBe(204);
    expect(await loggedSince(h, user.organizationId, since)).toEqual([]);
  });

  it('logs the first password and the sign-in it opens; the challenge alone logs nothing', async () => {
    const h = await harness();
    const user = await createAccount(h, { mustChangePassword: true, emailVerified: false });
    const challenge = await logged(h, user.organizationId, () => signin(h, user.email, user.password));
    expect(challenge.res.json().challenge).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.entries).toEqual([]);

    const session = challenge.res.json().session as string;
    const refused = await logged(h, user.organizationId, () =>
      post(h, '/auth/complete-new-password', { session, password: 'weak' }),
    );
    expect(refused.res.statusCode).toBe(400);
    expect(refused.entries).toEqual([]);
    const done = await logged(h, user.organizationId, () =>
      post(h, '/auth/complete-new-password', { session, password: 'N3w-password' }),
    );
    expect(done.res.statusCode).toBe(200);
    expect(done.entries).toEqual([
      { ...entry(user, 'Edit', 'General', 'Password changed'), artifact: null },
      signedIn(user, 'newPassword'),
    ]);

    const auth = { authorization: `Bearer ${done.res.json().idToken}` };
    const code = h.mailbox.lastCode(user.email);
    const verified = await logged(h, user.organizationId, () =>
      h.app.inject({ method: 'POST', url: '/auth/verify-email', headers: auth, payload: { code } }),
    );
    expect(verified.res.statusCode).toBe(200);
    expect(verified.entries).toEqual([
      entry(user, 'Edit', 'General', `Member '${user.email}' verified the e-mail address`),
    ]);
  });

  it('logs a sign-up and its confirmation in the new organization, then the first sign-in', async () => {
    const h = await harness();
    const body = signUpBody();
    const since = await lastSeq(h);
    expect((await post(h, '/auth/signup', body)).statusCode).toBe(200);
    const account = await h.db
      .selectFrom('accounts')
      .select(['id', 'default_organization_id'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    const user: Pick<TestUser, 'email' | 'accountId'> = { email: body.email, accountId: account.id };
    const organizationId = account.default_organization_id!;
    expect(await loggedSince(h, organizationId, since)).toEqual([
      entry(user, 'Add', 'General', `Member '${body.email}' signed up`, { organizationName: body.company_name }),
    ]);

    const wrong = await logged(h, organizationId, () =>
      post(h, '/auth/confirm-signup', { email: body.email, code: '000000' }),
    );
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.entries).toEqual([]);
    const code = h.mailbox.lastCode(body.email);
    const confirmed = await logged(h, organizationId, () =>
      post(h, '/auth/confirm-signup', { email: body.email, code }),
    );
    expect(confirmed.res.statusCode).toBe(200);
    expect(confirmed.entries).toEqual([entry(user, 'Edit', 'General', `Member '${body.email}' confirmed the sign-up`)]);
    const first = await logged(h, organizationId, () => signin(h, body.email, body.password));
    expect(first.entries).toEqual([signedIn(user)]);
  });
});
