import { describe, expect, it } from 'vitest';
import { CURRENT_EULA_TIMESTAMP } from '@fieldbook/domain';
import { harness } from './harness.js';
import { GOOD_PASSWORD, signUpBody, uniqueEmail } from './factories.js';

describe('self-service sign-up', () => {
  it('creates an unconfirmed account with its own organization and mails a six-digit code', async () => {
    const h = await harness();
    const body = signUpBody({ email: `  New.User-${Date.now()}@Example.TEST ` });
    const res = await h.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userConfirmed: false });

    const email = body.email.trim().toLowerCase();
    expect(h.mailbox.lastCode(email)).toMatch(/^\d{6}$/);
    const account = await h.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(account.confirmed).toBe(false);
    expect(account.phone_number).toBe('+12025550143');

    const org = await h.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', account.default_organization_id!)
      .executeTakeFirstOrThrow();
    expect(org.name).toBe('Survey Co');
    expect(org.max_users).toBe(25);
    expect(org.functionality_flags).toMatchObject({
      onecall_enabled: true,
      siteCalibration: true,
      organizations: { enabled: true },
    });
    const membership = await h.db
      .selectFrom('memberships')
      .selectAll()
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(membership).toMatchObject({ organization_id: org.id, user_type: '0111', is_active: true });
    const perms = await h.db.selectFrom('permissions').selectAll().where('account_id', '=', account.id).execute();
    expect(perms).toEqual([
      expect.objectContaining({ asset_type: 'organization', asset_id: org.id, bit_mask: '1111' }),
    ]);
  });

  it('confirms with the code, then signs in case-insensitively and sees the EULA as not yet accepted', async () => {
    const h = await harness();
    const body = signUpBody();
    await h.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
    const before = await h.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: body.email, password: GOOD_PASSWORD },
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().code).toBe('UserNotConfirmedException');

    const confirm = await h.app.inject({
      method: 'POST',
      url: '/auth/confirm-signup',
      payload: { email: body.email, code: h.mailbox.lastCode(body.email) },
    });
    expect(confirm.json()).toEqual({ confirmed: true });

    const signin = await h.app.inject({
      method: 'POST',
      url: '/auth/signin',
      payload: { email: ` ${body.email.toUpperCase()} `, password: GOOD_PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
    const { idToken } = signin.json();
    const profile = await h.app.inject({
      method: 'GET',
      url: '/rest/accounts/profile',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(profile.json()).toMatchObject({
      eula: { web: null },
      isActive: true,
      userType: '0111',
      emailVerified: true,
    });
    const accept = await h.app.inject({
      method: 'PUT',
      url: '/rest/accounts/eula/web',
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(accept.json().eula.web).toBe(CURRENT_EULA_TIMESTAMP);
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const h = await harness();
    const body = signUpBody();
    await h.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
    const again = await h.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'UsernameExistsException', message: 'app.user-exists' });
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'app.invalid.email'],
    ['email', { email: `${'a'.repeat(120)}@example.test` }, 'app.invalid.email'],
    ['password', { password: 'Sh0rt!' }, 'app.password-reqs.length'],
    ['password', { password: 'NoDigits!!' }, 'app.password-reqs.number'],
    ['password', { password: 'NOLOWER1!' }, 'app.password-reqs.lower'],
    ['password', { password: 'noupper1!' }, 'app.password-reqs.upper'],
    ['password', { password: 'NoSpecial1' }, 'app.password-reqs.special'],
    ['given_name', { given_name: '   ' }, 'app.non-empty'],
    ['family_name', { family_name: 'x'.repeat(29) }, 'app.name.too-long'],
    ['phone_number', { phone_number: '+1202555' }, 'app.invalid.phone'],
    ['phone_number', { phone_number: '+1234567890123456' }, 'app.invalid.phone'],
  ])('rejects a bad %s with 400 and the spec message id, writing nothing', async (field, override, messageId) => {
    const h = await harness();
    const body = signUpBody(override);
    const res = await h.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('InvalidParameterException');
    expect(res.json().details).toContainEqual({ path: field, message: messageId });
    const rows = await h.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', String(body.email).trim().toLowerCase())
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('accepts phone numbers of other countries and stores them in international form', async () => {
    const h = await harness();
    const body = signUpBody({ phone_number: '+34 612 34 56 78' });
    expect((await h.app.inject({ method: 'POST', url: '/auth/signup', payload: body })).statusCode).toBe(200);
    const row = await h.db
      .selectFrom('accounts')
      .select('phone_number')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.phone_number).toBe('+34612345678');
  });
});

describe('confirmation codes', () => {
  async function signedUp() {
    const h = await harness();
    const body = signUpBody();
    await h.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
    return { h, email: body.email };
  }
  const confirm = (h: Awaited<ReturnType<typeof harness>>, email: string, code: string) =>
    h.app.inject({ method: 'POST', url: '/auth/confirm-signup', payload: { email, code } });

  it('refuses a wrong code and burns the code after five wrong tries', async () => {
    const { h, email } = await signedUp();
    const good = h.mailbox.lastCode(email);
    const wrong = good === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirm(h, email, wrong)).json().code).toBe('CodeMismatchException');
    const res = await confirm(h, email, good);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ExpiredCodeException');
  });

  it('refuses an expired code', async () => {
    const { h, email } = await signedUp();
    const code = h.mailbox.lastCode(email);
    await h.db
      .updateTable('auth_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('account_id', 'in', h.db.selectFrom('accounts').select('id').where('email', '=', email))
      .execute();
    expect((await confirm(h, email, code)).json().code).toBe('ExpiredCodeException');
  });

  it('resending replaces the old code', async () => {
    const { h, email } = await signedUp();
    const first = h.mailbox.lastCode(email);
    const resend = await h.app.inject({ method: 'POST', url: '/auth/resend-code', payload: { email } });
    expect(resend.statusCode).toBe(200);
    expect(h.mailbox.to(email)).toHaveLength(2);
    const second = h.mailbox.lastCode(email);
    if (first !== second) expect((await confirm(h, email, first)).json().code).toBe('CodeMismatchException');
    expect((await confirm(h, email, second)).json()).toEqual({ confirmed: true });
  });

  it('answers an unknown address like a wrong code', async () => {
    const h = await harness();
    const res = await confirm(h, uniqueEmail('nobody'), '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'CodeMismatchException', message: 'app.code-mismatch' });
  });
});
