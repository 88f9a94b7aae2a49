import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createAccount, signIn, signUpBody, uniqueEmail, type SignedIn } from './factories.js';

/**
 * Issue #17 points 6, 11 and 12: sessions end with a password change, reset or sign-out; answers do
 * not tell whether an address has an account; an inactive member reads only the profile; audit
 * entries are the server's.
 */

const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });
const current = (h: Harness, idToken: string) =>
  h.app.inject({ method: 'GET', url: '/rest/accounts/current', headers: bearer(idToken) });
const refresh = (h: Harness, refreshToken: string) =>
  h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
const post = (h: Harness, url: string, payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url, payload });

/** One account signed in twice, as on a laptop and a phone. */
async function twoSessions(h: Harness): Promise<[SignedIn, SignedIn]> {
  const user = await createAccount(h);
  return [await signIn(h, user), await signIn(h, user)];
}

describe('sessions after a password change, a reset or a sign-out', () => {
  it('a change ends the other sessions at once and keeps the current one, which renews its ID token', async () => {
    const h = await harness();
    const [laptop, phone] = await twoSessions(h);
    const changed = await h.app.inject({
      method: 'PUT',
      url: '/rest/cognito/password',
      headers: laptop.auth,
      payload: { previousPassword: laptop.password, proposedPassword: 'Chang3d-pass!' },
    });
    expect(changed.statusCode).toBe(204);

    // ID tokens issued before the change are refused, the changing session's included.
    for (const idToken of [laptop.idToken, phone.idToken]) expect((await current(h, idToken)).statusCode).toBe(401);
    expect((await refresh(h, phone.refreshToken)).statusCode).toBe(401);
    const renewed = await refresh(h, laptop.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await current(h, renewed.json().idToken)).statusCode).toBe(200);
  });

  it('a reset ends every session', async () => {
    const h = await harness();
    const [laptop, phone] = await twoSessions(h);
    await post(h, '/auth/forgot-password', { email: laptop.email });
    const reset = await post(h, '/auth/reset-password', {
      email: laptop.email,
      code: h.mailbox.lastCode(laptop.email),
      password: 'Res3t-pass!',
    });
    expect(reset.statusCode).toBe(200);
    for (const session of [laptop, phone]) {
      expect((await current(h, session.idToken)).statusCode).toBe(401);
      expect((await refresh(h, session.refreshToken)).statusCode).toBe(401);
    }
    const audit = await h.db
      .selectFrom('activities')
      .select(['type', 'message', 'organization_id'])
      .where('account_id', '=', laptop.accountId)
      .where('type', '<>', 'Login')
      .execute();
    expect(audit).toEqual([{ type: 'Edit', message: 'Password reset', organization_id: laptop.organizationId }]);
  });

  it("sign-out makes that session's ID token 401 and leaves the other session alone", async () => {
    const h = await harness();
    const [laptop, phone] = await twoSessions(h);
    expect((await current(h, laptop.idToken)).statusCode).toBe(200);
    expect((await post(h, '/auth/signout', { refreshToken: laptop.refreshToken })).statusCode).toBe(204);
    const refused = await current(h, laptop.idToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('app.session-expired');
    expect((await current(h, phone.idToken)).statusCode).toBe(200);
  });

  it('ID tokens last 15 minutes and name their session', async () => {
    const h = await harness();
    const [laptop] = await twoSessions(h);
    const claims = JSON.parse(Buffer.from(laptop.idToken.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - Math.floor(claims.iat)).toBe(15 * 60);
    const row = await h.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('id', '=', claims.sid)
      .where('account_id', '=', laptop.accountId)
      .executeTakeFirst();
    expect(row).toBeDefined();
  });
});

describe('answers that do not tell whether an address has an account', () => {
  const shape = (res: { statusCode: number; json: () => unknown }) => ({ status: res.statusCode, body: res.json() });
  const masked = (email: string) => email.replace(/^(.).*(@example\.test)$/, '$1***$2');

  it('sign-in: an unknown address and a wrong password get the same 401', async () => {
    const h = await harness();
    const user = await createAccount(h);
    const unknown = await post(h, '/auth/signin', { email: uniqueEmail(), password: 'Wrong-pass1' });
    const wrong = await post(h, '/auth/signin', { email: user.email, password: 'Wrong-pass1' });
    expect(shape(unknown)).toEqual(shape(wrong));
    expect(shape(wrong)).toEqual({
      status: 401,
      body: { statusCode: 401, code: 'NotAuthorizedException', message: 'app.incorrect-credentials' },
    });
  });

  it('forgot-password and resend-code: the same 200 and masked destination; no mail for the unknown address', async () => {
    const h = await harness();
    const known = await createAccount(h);
    const pending = signUpBody();
    await post(h, '/auth/signup', pending);
    const unknown = uniqueEmail();
    expect(shape(await post(h, '/auth/forgot-password', { email: unknown }))).toEqual({
      status: 200,
      body: { destination: masked(unknown) },
    });
    expect(shape(await post(h, '/auth/forgot-password', { email: known.email }))).toEqual({
      status: 200,
      body: { destination: masked(known.email) },
    });
    expect(shape(await post(h, '/auth/resend-code', { email: unknown }))).toEqual({
      status: 200,
      body: { destination: masked(unknown) },
    });
    expect(shape(await post(h, '/auth/resend-code', { email: pending.email }))).toEqual({
      status: 200,
      body: { destination: masked(pending.email) },
    });
    expect(h.mailbox.to(unknown)).toEqual([]);
  });

  it('confirm-signup and reset-password: an unknown address answers like a wrong code, also after five tries', async () => {
    const h = await harness();
    const known = await createAccount(h);
    const unknown = uniqueEmail();
    for (const email of [known.email, unknown]) await post(h, '/auth/forgot-password', { email });
    const good = h.mailbox.lastCode(known.email);
    const wrong = good === '000000' ? '111111' : '000000';
    const tries = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 6; i++)
        answers.push(shape(await post(h, '/auth/reset-password', { email, code: wrong, password: 'Guess3d-pass!' })));
      return answers;
    };
    const knownAnswers = await tries(known.email);
    expect(await tries(unknown)).toEqual(knownAnswers);
    expect(knownAnswers.map((a) => (a.body as { code: string }).code)).toEqual([
      ...Array(5).fill('CodeMismatchException'),
      'ExpiredCodeException',
    ]);
    const confirmUnknown = await post(h, '/auth/confirm-signup', { email: uniqueEmail(), code: wrong });
    const confirmKnown = await post(h, '/auth/confirm-signup', { email: known.email, code: wrong });
    expect(shape(confirmUnknown)).toEqual(shape(confirmKnown));
    expect(shape(confirmKnown)).toEqual({
      status: 400,
      body: { statusCode: 400, code: 'CodeMismatchException', message: 'app.code-mismatch' },
    });
  });
});

/** The types of the entries an account wrote, oldest first. */
const loggedTypes = async (h: Harness, accountId: string) =>
  (await h.db.selectFrom('activities').select('type').where('account_id', '=', accountId).orderBy('seq').execute()).map(
    (r) => r.type,
  );

describe('inactive members and audit entries', () => {
  it('an inactive member gets 403 app.user-disabled everywhere but the profile and sign-out', async () => {
    const h = await harness();
    const user = await signIn(h, await createAccount(h));
    await h.db.updateTable('memberships').set({ is_active: false }).where('account_id', '=', user.accountId).execute();
    const calls: Array<[method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>]> = [
      ['GET', '/preferences'],
      ['PUT', '/preferences', {}],
      ['PUT', '/rest/cognito/password', { previousPassword: user.password, proposedPassword: 'Chang3d-pass!' }],
      ['POST', '/rest/activities/auth', { type: 'PASSWORD_CHANGE', category: 'AUTH', message: 'Password changed' }],
      ['POST', '/rest/feedback', { Title: 'Hello', Message: 'World' }],
      ['PUT', '/rest/university/goto/1'],
      ['POST', '/auth/verify-email/send', {}],
      ['POST', '/auth/verify-email', { code: '123456' }],
      ['GET', '/rest/accounts/current'],
      ['PUT', '/rest/accounts/eula/web'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await h.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
        url,
        status: 403,
        message: 'app.user-disabled',
      });
    }
    const profile = await h.app.inject({ method: 'GET', url: '/rest/accounts/profile', headers: user.auth });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().isActive).toBe(false);
    expect((await post(h, '/auth/signout', { refreshToken: user.refreshToken })).statusCode).toBe(204);
    // Only the sign-in is logged: nothing an inactive member tried.
    expect(await loggedTypes(h, user.accountId)).toEqual(['Login']);
  });

  it('POST /rest/activities/auth stores nothing the client sends', async () => {
    const h = await harness();
    const user = await signIn(h, await createAccount(h));
    const forged = await h.app.inject({
      method: 'POST',
      url: '/rest/activities/auth',
      headers: user.auth,
      payload: {
        type: 'MEMBER_DELETED',
        category: 'ADMIN',
        message: 'Alice deleted every project',
        timestamp: '2001-01-01T00:00:00Z',
      },
    });
    expect(forged.statusCode).toBe(404);
    expect(await loggedTypes(h, user.accountId)).toEqual(['Login']);
  });
});
