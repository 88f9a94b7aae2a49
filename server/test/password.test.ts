import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { createAccount, signIn, signUpBody, uniqueEmail } from './factories.js';

describe('forgot and reset password', () => {
  it('mails a reset code; the reset sets the password and ends every session', async () => {
    const h = await harness();
    const user = await signIn(h, await createAccount(h));
    const forgot = await h.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: user.email.toUpperCase() },
    });
    expect(forgot.statusCode).toBe(200);
    const code = h.mailbox.lastCode(user.email);

    const mismatch = await h.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { email: user.email, code, password: 'weak' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('app.password-reqs.length');

    const reset = await h.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { email: user.email, code, password: 'Res3t-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: user.refreshToken } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/auth/signin',
          payload: { email: user.email, password: user.password },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/auth/signin',
          payload: { email: user.email, password: 'Res3t-password' },
        })
      ).statusCode,
    ).toBe(200);

    const reuse = await h.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { email: user.email, code, password: 'Other-passw0rd' },
    });
    expect(reuse.json().code).toBe('CodeMismatchException');
  });

  it('answers an unknown address like a known one (no mail), and InvalidParameterException for an unconfirmed one', async () => {
    const h = await harness();
    const email = uniqueEmail();
    const unknown = await h.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ destination: email.replace(/^(.).*(@.*)$/, '$1***$2') });
    expect(h.mailbox.to(email)).toEqual([]);

    const body = signUpBody();
    await h.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
    const unconfirmed = await h.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: body.email },
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().code).toBe('InvalidParameterException');
  });

  it('requires the e-mail', async () => {
    const h = await harness();
    const res = await h.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('app.non-empty');
  });
});

describe('change password in settings', () => {
  it('needs the current password and a password that meets every rule', async () => {
    const h = await harness();
    const user = await signIn(h, await createAccount(h));
    const url = '/rest/cognito/password';

    const wrongOld = await h.app.inject({
      method: 'PUT',
      url,
      headers: user.auth,
      payload: { previousPassword: 'Not-the-0ld', proposedPassword: 'Brand-n3w-pass' },
    });
    expect(wrongOld.statusCode).toBe(401);
    expect(wrongOld.json().code).toBe('NotAuthorizedException');

    const weak = await h.app.inject({
      method: 'PUT',
      url,
      headers: user.auth,
      payload: { previousPassword: user.password, proposedPassword: 'alllowercase1!' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('app.password-reqs.upper');

    const ok = await h.app.inject({
      method: 'PUT',
      url,
      headers: user.auth,
      payload: { previousPassword: user.password, proposedPassword: 'Brand-n3w-pass' },
    });
    expect(ok.statusCode).toBe(204);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/auth/signin',
          payload: { email: user.email, password: 'Brand-n3w-pass' },
        })
      ).statusCode,
    ).toBe(200);
    // The server wrote the audit entry itself; the web app's call after it (with a renewed token) stores nothing more.
    const rows = await h.db
      .selectFrom('activities')
      .selectAll()
      .where('account_id', '=', user.accountId)
      .where('type', '<>', 'Login')
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'Edit',
        category: 'General',
        message: 'Password changed',
        actor_email: user.email,
        organization_id: user.organizationId,
      }),
    ]);

    const renewed = (
      await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken: user.refreshToken } })
    ).json().idToken;
    const audit = await h.app.inject({
      method: 'POST',
      url: '/rest/activities/auth',
      headers: { authorization: `Bearer ${renewed}` },
      payload: { type: 'PASSWORD_CHANGE', category: 'AUTH', message: 'Password changed', timestamp: Date.now() },
    });
    expect(audit.statusCode).toBe(201);
    expect(audit.json()).toEqual({ id: rows[0]!.id });
    expect(
      await h.db
        .selectFrom('activities')
        .select('id')
        .where('account_id', '=', user.accountId)
        .where('type', '<>', 'Login')
        .execute(),
    ).toHaveLength(1);
  });

  it('refuses a signed-out caller', async () => {
    const h = await harness();
    const res = await h.app.inject({
      method: 'PUT',
      url: '/rest/cognito/password',
      payload: { previousPassword: 'a', proposedPassword: 'Brand-n3w-pass' },
    });
    expect(res.statusCode).toBe(401);
  });
});
