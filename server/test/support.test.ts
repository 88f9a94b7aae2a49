import { describe, expect, it } from 'vitest';
import { harness, sharedDatabase } from './harness.js';
import { signedInAccount } from './factories.js';

describe('feedback, training link and notification interests', () => {
  it('stores feedback (title and message required, trimmed)', async () => {
    const h = await harness();
    const user = await signedInAccount(h);
    const bad = await h.app.inject({
      method: 'POST',
      url: '/rest/feedback',
      headers: user.auth,
      payload: { Title: '  ', Message: 'x' },
    });
    expect(bad.json().message).toBe('app.non-empty');
    const ok = await h.app.inject({
      method: 'POST',
      url: '/rest/feedback',
      headers: user.auth,
      payload: { Title: ' Great map ', Message: ' Love it ' },
    });
    expect(ok.statusCode).toBe(201);
    const row = await h.db.selectFrom('feedback').selectAll().where('id', '=', ok.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Great map', message: 'Love it', organization_id: user.organizationId });
  });

  it('answers the training link with a clear error when no training site is configured', async () => {
    const h = await harness();
    const user = await signedInAccount(h);
    const res = await h.app.inject({ method: 'PUT', url: '/rest/university/goto/home', headers: user.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('app.training.unavailable');
  });

  it('turns organization notifications on and off for a browser token, only for its owner', async () => {
    const h = await harness();
    const user = await signedInAccount(h);
    const other = await signedInAccount(h);
    const token = `tok-${Date.now()}`;
    expect(
      (await h.app.inject({ method: 'POST', url: '/rest/subscriptions', headers: user.auth, payload: { token } }))
        .statusCode,
    ).toBe(201);
    const on = await h.app.inject({
      method: 'POST',
      url: `/rest/notification-interests/organization/${token}`,
      headers: user.auth,
    });
    expect(on.json()).toEqual([{ artifact: 'organization', scope: 'organization', code: 'ORGANIZATION_UPDATED' }]);
    expect(
      (await h.app.inject({ method: 'GET', url: `/rest/notification-interests/${token}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    const off = await h.app.inject({
      method: 'DELETE',
      url: `/rest/notification-interests/organization/${token}`,
      headers: user.auth,
    });
    expect(off.json()).toEqual([]);
  });

  it("keeps a push token with the account that registered it: another account's post is refused and changes nothing", async () => {
    const h = await harness();
    const [owner, attacker] = [await signedInAccount(h), await signedInAccount(h)];
    const token = `tok-owned-${Date.now()}`;
    const call = (who: typeof owner, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      h.app.inject({ method, url, headers: who.auth, payload });
    expect((await call(owner, 'POST', '/rest/subscriptions', { token })).statusCode).toBe(201);
    expect((await call(owner, 'POST', `/rest/notification-interests/organization/${token}`)).statusCode).toBe(200);

    const taken = await call(attacker, 'POST', '/rest/subscriptions', { token });
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'app.notifications.token.taken']);
    for (const [method, url] of [
      ['GET', `/rest/subscriptions/${token}`],
      ['GET', `/rest/notification-interests/${token}`],
      ['POST', `/rest/notification-interests/organization/${token}`],
      ['DELETE', `/rest/notification-interests/organization/${token}`],
    ] as const) {
      expect([method, url, (await call(attacker, method, url)).statusCode]).toEqual([method, url, 404]);
    }
    expect((await call(attacker, 'DELETE', '/rest/subscriptions', { token })).statusCode).toBe(204);
    const row = await h.db
      .selectFrom('push_subscriptions')
      .select(['account_id', 'organization_id'])
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ account_id: owner.accountId, organization_id: owner.organizationId });
    expect((await call(owner, 'GET', `/rest/notification-interests/${token}`)).json()).toEqual([
      { artifact: 'organization', scope: 'organization', code: 'ORGANIZATION_UPDATED' },
    ]);
    // The owner posting it again keeps it.
    expect((await call(owner, 'POST', '/rest/subscriptions', { token })).statusCode).toBe(201);

    // Two accounts racing for a new token: exactly one gets it.
    const raced = `tok-raced-${Date.now()}`;
    const racers = [owner, attacker, owner, attacker];
    const answers = await Promise.all(racers.map((who) => call(who, 'POST', '/rest/subscriptions', { token: raced })));
    const holder = (
      await h.db
        .selectFrom('push_subscriptions')
        .select('account_id')
        .where('token', '=', raced)
        .executeTakeFirstOrThrow()
    ).account_id;
    expect(answers.map((a) => a.statusCode)).toEqual(racers.map((who) => (who.accountId === holder ? 201 : 409)));
  });
});

describe('operator addresses', () => {
  it('mails feedback to FEEDBACK_EMAIL and opens the configured TRAINING_URL', async () => {
    const h = await harness();
    const { buildApp } = await import('../src/app.js');
    const { Mailbox, testConfig } = await import('./harness.js');
    const mailbox = new Mailbox();
    const app = await buildApp({
      config: testConfig({
        feedbackEmail: 'product@fieldbook.test',
        trainingUrl: 'https://training.fieldbook.test/start',
      }),
      database: sharedDatabase(h),
      mailer: mailbox,
      logger: false,
    });
    const user = await signedInAccount(h);
    const sent = await app.inject({
      method: 'POST',
      url: '/rest/feedback',
      headers: user.auth,
      payload: { Title: 'Layer colours', Message: 'Please add teal.' },
    });
    expect(sent.statusCode).toBe(201);
    expect(mailbox.to('product@fieldbook.test')).toEqual([
      expect.objectContaining({
        subject: 'Fieldbook feedback: Layer colours',
        text: expect.stringContaining('Please add teal.'),
      }),
    ]);
    const training = await app.inject({ method: 'PUT', url: '/rest/university/goto/home', headers: user.auth });
    expect(training.json()).toEqual({ url: 'https://training.fieldbook.test/start' });
    await app.close();
  });
});
