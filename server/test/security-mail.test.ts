import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { harness, Mailbox, testConfig, type Harness, sharedDatabase } from './harness.js';
import { GOOD_PASSWORD, signIn, signUpBody, signedInAccount, uniqueEmail, type SignedIn } from './factories.js';
import type { MailMessage } from '../src/platform/mail.js';

/** Issue #17 point 5: names, organization names and feedback typed by users reach HTML mail as text only. */

const EVIL_COMPANY = '<a href="https://evil.test">x</a>';
const EVIL_NAME = '"><script>';

/** What a mail client would render as markup: no link, script or attribute that a user typed. */
function expectOnlyEscaped(mail: MailMessage | undefined) {
  const body = String(mail?.html ?? '');
  expect(body).not.toBe('');
  expect(body).not.toContain('<a href="https://evil.test"');
  expect(body).not.toContain('<script>');
  for (const href of body.matchAll(/href="([^"]*)"/g)) expect(href[1]).toMatch(/^http:\/\/localhost:8080\//);
  return body;
}

describe('HTML mail with hostile names (point 5)', () => {
  let h: Harness;
  let admin: SignedIn;
  beforeAll(async () => {
    h = await harness();
    // An admin who signed up with a company name holding a link and a first name breaking out of an attribute.
    const body = signUpBody({ company_name: EVIL_COMPANY, given_name: EVIL_NAME });
    await h.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
    expectOnlyEscaped(h.mailbox.to(body.email).at(-1));
    await h.app.inject({
      method: 'POST',
      url: '/auth/confirm-signup',
      payload: { email: body.email, code: h.mailbox.lastCode(body.email) },
    });
    const { id, default_organization_id } = await h.db
      .selectFrom('accounts')
      .select(['id', 'default_organization_id'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    admin = await signIn(h, {
      email: body.email,
      password: GOOD_PASSWORD,
      accountId: id,
      organizationId: default_organization_id!,
    });
    await h.app.inject({ method: 'PUT', url: '/rest/accounts/eula/web', headers: admin.auth });
  });

  const invite = (email: string) =>
    h.app.inject({
      method: 'POST',
      url: '/rest/accounts',
      headers: admin.auth,
      payload: { email, firstName: 'New', lastName: 'Member', userType: '0001' },
    });

  it('escapes the organization and inviter names in the invitation of a new account', async () => {
    const email = uniqueEmail('new');
    expect((await invite(email)).statusCode).toBe(201);
    const body = expectOnlyEscaped(h.mailbox.to(email).at(-1));
    expect(body).toContain('&lt;a href=&quot;https://evil.test&quot;&gt;x&lt;/a&gt;');
    expect(body).toContain('&quot;&gt;&lt;script&gt;');
    expect(body).toMatch(/href="http:\/\/localhost:8080\/verifyme\//);
  });

  it('escapes them in the invitation of an existing account and in a resent invitation', async () => {
    const other = await signedInAccount(h);
    const added = (await invite(other.email)).json();
    expect(expectOnlyEscaped(h.mailbox.to(other.email).at(-1))).toContain(
      '&lt;a href=&quot;https://evil.test&quot;&gt;',
    );
    await h.app.inject({ method: 'GET', url: `/rest/cognito/resend/${added.id}`, headers: admin.auth });
    expect(h.mailbox.to(other.email)).toHaveLength(2);
    expectOnlyEscaped(h.mailbox.to(other.email).at(-1));
  });

  it('sends code mails (reset) with only our own links', async () => {
    await h.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: admin.email } });
    const mail = h.mailbox.to(admin.email).at(-1);
    expect(mail?.subject).toContain('reset');
    expect(expectOnlyEscaped(mail)).toContain('href="http://localhost:8080/reset-password"');
  });

  it('escapes the title and message of feedback mailed to the operator', async () => {
    const mailbox = new Mailbox();
    const database = sharedDatabase(h);
    const app = await buildApp({
      config: testConfig({ feedbackEmail: 'ops@fieldbook.test' }),
      database,
      mailer: mailbox,
      logger: false,
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/rest/feedback',
        headers: admin.auth,
        payload: { Title: EVIL_NAME, Message: `${EVIL_COMPANY}\n<img src=x onerror=alert(1)>` },
      });
      expect(res.statusCode).toBe(201);
      const mail = mailbox.to('ops@fieldbook.test').at(-1);
      const body = expectOnlyEscaped(mail);
      expect(body).not.toContain('<img');
      expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    } finally {
      await app.close();
    }
  });
});
