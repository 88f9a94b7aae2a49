import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { createAccount, signIn, uniqueEmail } from './factories.js';

const signin = (h: Awaited<ReturnType<typeof harness>>, email: string, password: string, ip = '203.0.113.1') =>
  h.app.inject({ method: 'POST', url: '/auth/signin', payload: { email, password }, remoteAddress: ip });

describe('sign-in', () => {
  it('gives an ID token that opens the API and a refresh token that renews it', async () => {
    const h = await harness();
    const user = await createAccount(h);
    const res = await signin(h, user.email, user.password);
    expect(res.statusCode).toBe(200);
    const { idToken, refreshToken, expiresIn } = res.json();
    expect(expiresIn).toBe(900);
    const me = await h.app.inject({
      method: 'GET',
      url: '/rest/accounts/current',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(me.json().email).toBe(user.email);

    const refreshed = await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().idToken).toEqual(expect.any(String));
  });

  it.each([
    ['an unknown e-mail', 'unknown'],
    ['a wrong password', 'wrong'],
  ])('answers %s alike: 401 NotAuthorizedException with the credentials message', async (_label, kind) => {
    const h = await harness();
    const user = await createAccount(h);
    const res =
      kind === 'unknown' ? await signin(h, uniqueEmail(), 'Whatever1!') : await signin(h, user.email, 'Wrong-pass1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      code: 'NotAuthorizedException',
      message: 'app.incorrect-credentials',
    });
  });

  it('requires both fields', async () => {
    const h = await harness();
    const res = await h.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: 'a@b.test', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path: 'password', message: 'app.non-empty' });
  });

  it('refuses a disabled user with the disabled message', async () => {
    const h = await harness();
    const user = await createAccount(h, { active: false });
    const res = await signin(h, user.email, user.password);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'NotAuthorizedException', message: 'app.user-disabled' });
  });

  it('sends a user whose password must be reset to the reset flow', async () => {
    const h = await harness();
    const user = await createAccount(h, { passwordResetRequired: true });
    expect((await signin(h, user.email, user.password)).json().code).toBe('PasswordResetRequiredException');
  });

  it('slows an account and address after five failures with a clear 429; the owner elsewhere still signs in', async () => {
    const h = await harness();
    const user = await createAccount(h);
    for (let i = 0; i < 5; i++)
      expect((await signin(h, user.email, 'Wrong-pass1', '198.51.100.7')).statusCode).toBe(401);
    const blocked = await signin(h, user.email, user.password, '198.51.100.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'TooManyRequestsException', message: 'app.too-many-attempts' });
    expect(blocked.json().details.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.headers['retry-after']).toBe(String(blocked.json().details.retryAfterSeconds));
    expect((await signin(h, user.email, user.password, '198.51.100.8')).statusCode).toBe(200);
  });

  it('slows, after 30 failures, an address that tries many accounts; another address is not affected', async () => {
    const h = await harness();
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < 30; i++) await signin(h, uniqueEmail('probe'), 'Wrong-pass1', ip);
    const user = await createAccount(h);
    expect((await signin(h, user.email, user.password, ip)).statusCode).toBe(429);
    expect((await signin(h, user.email, user.password, '192.0.2.254')).statusCode).toBe(200);
  });

  it('sign-out ends the refresh token', async () => {
    const h = await harness();
    const user = await signIn(h, await createAccount(h));
    const out = await h.app.inject({
      method: 'POST',
      url: '/auth/signout',
      payload: { refreshToken: user.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const again = await h.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refreshToken: user.refreshToken },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('NotAuthorizedException');
  });

  it('refuses a forged or missing ID token', async () => {
    const h = await harness();
    const user = await signIn(h, await createAccount(h));
    const [head, body] = user.idToken.split('.');
    const forged = `${head}.${body}.${'A'.repeat(43)}`;
    for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${forged}`]) {
      const res = await h.app.inject({
        method: 'GET',
        url: '/rest/accounts/current',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('new-password challenge (invited users, /verifyme)', () => {
  it('asks for a new password, then mails a verification code for an unverified address', async () => {
    const h = await harness();
    const user = await createAccount(h, { mustChangePassword: true, emailVerified: false });
    const first = await signin(h, user.email, user.password);
    expect(first.json()).toMatchObject({ challenge: 'NEW_PASSWORD_REQUIRED', session: expect.any(String) });

    const weak = await h.app.inject({
      method: 'POST',
      url: '/auth/complete-new-password',
      payload: { session: first.json().session, password: 'weak' },
    });
    expect(weak.json().message).toBe('app.password-reqs.length');

    const done = await h.app.inject({
      method: 'POST',
      url: '/auth/complete-new-password',
      payload: { session: first.json().session, password: 'N3w-password' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ emailVerified: false, idToken: expect.any(String) });
    const auth = { authorization: `Bearer ${done.json().idToken}` };

    const verify = await h.app.inject({
      method: 'POST',
      url: '/auth/verify-email',
      headers: auth,
      payload: { code: h.mailbox.lastCode(user.email) },
    });
    expect(verify.json()).toEqual({ verified: true });
    const profile = await h.app.inject({ method: 'GET', url: '/rest/accounts/profile', headers: auth });
    expect(profile.json().emailVerified).toBe(true);

    // The challenge session is single-use: the password is set now.
    const reuse = await h.app.inject({
      method: 'POST',
      url: '/auth/complete-new-password',
      payload: { session: first.json().session, password: 'An0ther-pass' },
    });
    expect(reuse.statusCode).toBe(401);
    expect((await signin(h, user.email, 'N3w-password')).statusCode).toBe(200);
  });
});
