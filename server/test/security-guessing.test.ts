import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { parseTrustProxy } from '../src/config.js';
import { harness, testConfig, type Harness, sharedDatabase } from './harness.js';
import { createAccount, signUpBody, uniqueEmail } from './factories.js';

/**
 * Issue #17 points 1 and 3: guesses are counted atomically (PostgreSQL really runs these bursts
 * concurrently), mail sends are rate-limited, and sign-in failures slow the guesser, not the owner.
 */

/** A client address of its own per test (198.18.0.0/15 is reserved for benchmarks). */
const clientAddress = () => `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;

const post = (
  h: Harness,
  url: string,
  payload: unknown,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) => h.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress, headers });

const signin = (h: Harness, email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  post(h, '/auth/signin', { email, password }, ip, headers);

const countBy = (codes: string[]) =>
  codes.reduce<Record<string, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {});

/** Lets the current delay of every throttle key naming `part` run out, as if its time had passed. */
async function letDelayPass(h: Harness, part: string) {
  await h.db
    .updateTable('auth_throttle')
    .set({ blocked_until: new Date(Date.now() - 1000) })
    .where('key', 'like', `%${part}%`)
    .execute();
}

function wrongCodes(good: string, count: number): string[] {
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n++) {
    const code = String(n).padStart(6, '0');
    if (code !== good) codes.push(code);
  }
  return codes;
}

describe('mailed codes under a burst of guesses', () => {
  it.each([
    ['reset-password', 'reset'],
    ['confirm-signup', 'signup'],
  ])('%s: 50 concurrent wrong codes check exactly five, and the right code afterwards fails', async (route, kind) => {
    const h = await harness();
    let email: string;
    if (kind === 'reset') {
      email = (await createAccount(h)).email;
      expect((await post(h, '/auth/forgot-password', { email })).statusCode).toBe(200);
    } else {
      const body = signUpBody();
      email = body.email;
      expect((await post(h, '/auth/signup', body)).statusCode).toBe(200);
    }
    const good = h.mailbox.lastCode(email);
    const guess = (code: string) => post(h, `/auth/${route}`, { email, code, password: 'Guess3d-pass!' });

    const answers = await Promise.all(wrongCodes(good, 50).map(guess));
    expect(countBy(answers.map((res) => res.json().code))).toEqual({
      CodeMismatchException: 5,
      ExpiredCodeException: 45,
    });
    const row = await h.db
      .selectFrom('auth_codes')
      .innerJoin('accounts', 'accounts.id', 'auth_codes.account_id')
      .select('auth_codes.attempts')
      .where('accounts.email', '=', email)
      .where('auth_codes.consumed_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);

    const right = await guess(good);
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('ExpiredCodeException');
  });
});

describe('sign-in guessing', () => {
  it('100 concurrent wrong passwords from one address: five are checked, the rest wait (429)', async () => {
    const h = await harness();
    const user = await createAccount(h);
    const ip = clientAddress();
    const answers = await Promise.all(Array.from({ length: 100 }, () => signin(h, user.email, 'Wrong-pass1', ip)));
    expect(countBy(answers.map((res) => String(res.statusCode)))).toEqual({ 401: 5, 429: 95 });
    // The owner, elsewhere, is not held up by the attacker's pair.
    expect((await signin(h, user.email, user.password, clientAddress())).statusCode).toBe(200);
  });

  it('a spoofed X-Forwarded-For does not reset the count (no proxy is trusted by default)', async () => {
    const h = await harness();
    const user = await createAccount(h);
    const ip = clientAddress();
    for (let i = 0; i < 5; i++) {
      const res = await signin(h, user.email, 'Wrong-pass1', ip, { 'x-forwarded-for': clientAddress() });
      expect(res.statusCode).toBe(401);
    }
    const spoofed = await signin(h, user.email, user.password, ip, { 'x-forwarded-for': clientAddress() });
    expect(spoofed.statusCode).toBe(429);
    expect(spoofed.json()).toMatchObject({ code: 'TooManyRequestsException', message: 'app.too-many-attempts' });
  });

  it('behind a proxy named in TRUST_PROXY, X-Forwarded-For tells clients apart', async () => {
    const h = await harness();
    const config = testConfig({ trustProxy: parseTrustProxy('127.0.0.1, 10.0.0.0/8') });
    // A second app on the same database; closing it must not close the shared database.
    const proxied = await buildApp({
      config,
      database: sharedDatabase(h),
      mailer: h.mailbox,
      logger: false,
    });
    try {
      const user = await createAccount(h);
      const through = (password: string, client: string) =>
        proxied.inject({
          method: 'POST',
          url: '/auth/signin',
          payload: { email: user.email, password },
          remoteAddress: '10.1.2.3',
          headers: { 'x-forwarded-for': client },
        });
      const attacker = clientAddress();
      for (let i = 0; i < 5; i++) expect((await through('Wrong-pass1', attacker)).statusCode).toBe(401);
      expect((await through(user.password, attacker)).statusCode).toBe(429);
      expect((await through(user.password, clientAddress())).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('the delay doubles with each further failure of the pair (Retry-After 1, 2, 4, 8 s)', async () => {
    const h = await harness();
    const user = await createAccount(h);
    const ip = clientAddress();
    for (let i = 0; i < 5; i++) await signin(h, user.email, 'Wrong-pass1', ip);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await signin(h, user.email, 'Wrong-pass1', ip);
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
      await letDelayPass(h, `${user.email}|${ip}`);
      expect((await signin(h, user.email, 'Wrong-pass1', ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The owner with the right password from the same address only waits, then gets in.
    await letDelayPass(h, `${user.email}|${ip}`);
    expect((await signin(h, user.email, user.password, ip)).statusCode).toBe(200);
  });

  it('30 failures from one address slow another account behind it only briefly (at most 60 s), never lock it', async () => {
    const h = await harness();
    const ip = clientAddress();
    for (let i = 0; i < 30; i++)
      expect((await signin(h, uniqueEmail('spray'), 'Wrong-pass1', ip)).statusCode).toBe(401);
    const owner = await createAccount(h);
    const waiting = await signin(h, owner.email, owner.password, ip);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The sprayer keeps going: the address delay grows but stays capped at a minute.
    for (let i = 0; i < 8; i++) {
      await letDelayPass(h, `ip:${ip}`);
      await signin(h, uniqueEmail('spray'), 'Wrong-pass1', ip);
    }
    const capped = await signin(h, owner.email, owner.password, ip);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(60);
    await letDelayPass(h, `ip:${ip}`);
    expect((await signin(h, owner.email, owner.password, ip)).statusCode).toBe(200);
  });
});

describe('mail sending limits', () => {
  it('50 concurrent forgot-password requests for one account send five mails; the rest get 429 LimitExceededException', async () => {
    const h = await harness();
    const user = await createAccount(h);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(h, '/auth/forgot-password', { email: user.email }, clientAddress())),
    );
    expect(countBy(answers.map((res) => String(res.statusCode)))).toEqual({ 200: 5, 429: 45 });
    const refused = answers.find((res) => res.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'LimitExceededException', message: 'app.too-many-code-requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(h.mailbox.to(user.email)).toHaveLength(5);
  });

  it('one client gets 20 code requests at once, whatever the addresses; unknown addresses count the same', async () => {
    const h = await harness();
    const ip = clientAddress();
    const user = await createAccount(h, { confirmed: false });
    const emails = [...Array.from({ length: 24 }, () => uniqueEmail('probe')), user.email];
    const answers = [];
    for (const email of emails) answers.push(await post(h, '/auth/resend-code', { email }, ip));
    expect(answers.slice(0, 20).map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.slice(20).map((res) => res.json().code)).toEqual(Array(5).fill('LimitExceededException'));
    expect(h.mailbox.to(user.email)).toEqual([]);
  });
});
