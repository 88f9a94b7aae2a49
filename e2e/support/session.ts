import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Config } from '../../server/src/config.js';
import { startApp, type RunningApp } from './app-server.js';
import { launchBrowser, newContext } from './browser.js';
import { recordSnacks } from './map-page.js';
import { TestMailServer } from './mail-server.js';

/** A user of the product as the tests know them: what they type to sign in, and their API token. */
export interface Account {
  email: string;
  password: string;
  token: string;
}

/** JSON API calls with a user's token; throws with the server's answer when the call fails. */
export type Api = <T = any>(method: string, path: string, body?: unknown) => Promise<T>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests name the answer's shape only where they read it

export function apiFor(server: RunningApp, token: string): Api {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** What one e2e file runs against: the app, its mail server, one Chromium and a signed-up organization admin. */
export interface MapEnv {
  server: RunningApp;
  mail: TestMailServer;
  browser: Browser;
  admin: Account;
  /** The API as the admin. */
  api: Api;
  /** A new browser context (closed by stop). */
  context(options?: Parameters<typeof newContext>[1]): Promise<BrowserContext>;
  /** A new page in a new context, with page errors logged (the first clue when a step times out). */
  page(options?: Parameters<typeof newContext>[1]): Promise<Page>;
  stop(): Promise<void>;
}

/**
 * Starts the product and a browser, and signs up an organization admin by the API (confirmed, EULA
 * accepted, the first-run guide skipped in their preferences).
 */
export async function startMapEnv(options: {
  given: string;
  company: string;
  password?: string;
  config?: Partial<Config>;
}): Promise<MapEnv> {
  const mail = new TestMailServer();
  const server = await startApp({ smtpUrl: await mail.start(), config: options.config });
  const browser = await launchBrowser();
  const stamp = Date.now();
  const email = `${options.given.toLowerCase()}.${stamp}@${options.company.toLowerCase().replace(/[^a-z]/g, '')}.test`;
  const password = options.password ?? 'Map-w0rk!';
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/auth/signup', {
    email,
    password,
    given_name: options.given,
    family_name: 'Tester',
    phone_number: '+12025550143',
    company_name: `${options.company} ${stamp}`,
  });
  expect(signup.status).toBe(200);
  expect((await post('/auth/confirm-signup', { email, code: await mail.waitForCode(email) })).status).toBe(200);
  const admin = { email, password, token: await signInByApi(server, email, password) };
  const api = apiFor(server, admin.token);
  await api('PUT', '/rest/accounts/eula/web');
  await updatePrefs(api, { skipGettingStartedGuide: true });

  const contexts: BrowserContext[] = [];
  const context = async (o?: Parameters<typeof newContext>[1]) => {
    const c = await newContext(browser, o);
    contexts.push(c);
    await recordSnacks(c);
    return c;
  };
  return {
    server,
    mail,
    browser,
    admin,
    api,
    context,
    page: async (o) => {
      const p = await (await context(o)).newPage();
      p.on('pageerror', (error) => console.error('page error:', error.message));
      return p;
    },
    stop: async () => {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.stop();
      await mail.stop();
    },
  };
}

export async function signInByApi(server: RunningApp, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** Merges into the user's preferences (PUT /preferences replaces the whole object). */
export async function updatePrefs(api: Api, patch: Record<string, unknown>): Promise<void> {
  const prefs = await api<Record<string, unknown>>('GET', '/preferences');
  await api('PUT', '/preferences', { ...prefs, ...patch });
}

/**
 * A member added by the admin (POST /rest/accounts) who takes the invitation by the API: the mailed
 * temporary password, a new password, the e-mail verified, the EULA accepted, no first-run guide.
 */
export async function addMemberByApi(env: MapEnv, member: { given: string; userType: string }): Promise<Account> {
  const email = `${member.given.toLowerCase()}.${Date.now()}@members.test`;
  const password = 'Memb3r-pass!';
  await env.api('POST', '/rest/accounts', {
    email,
    firstName: member.given,
    lastName: 'Member',
    userType: member.userType,
  });
  const link = await until(() => {
    const raw = env.mail.received.filter((m) => m.to.includes(email)).at(-1)?.raw ?? '';
    const text = raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return text.match(/\/verifyme\/[^\s"<>]+/)?.[0];
  }, `an invitation to ${email}`);
  const temporary = decodeURIComponent(link.split('/')[3]);
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${env.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const before = env.mail.countTo(email);
  const challenge = await post('/auth/signin', { email, password: temporary });
  const tokens = await post('/auth/complete-new-password', { session: challenge.session, password });
  const token = String(tokens.idToken);
  if (!tokens.emailVerified)
    await post('/auth/verify-email', { code: await env.mail.waitForCode(email, before) }, token);
  const api = apiFor(env.server, token);
  await api('PUT', '/rest/accounts/eula/web');
  await updatePrefs(api, { skipGettingStartedGuide: true });
  return { email, password, token };
}

/** Polls until `fn` gives a value (expect.poll is for tests only; this also serves beforeAll). */
export async function until<T>(
  fn: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Signs in through the UI and waits for the map screen (accepting the EULA if it is asked). */
export async function signIn(
  page: Page,
  server: RunningApp,
  account: Pick<Account, 'email' | 'password'>,
): Promise<void> {
  await page.goto(`${server.url}/signin`);
  await page.getByTestId('signin-email').fill(account.email);
  await page.getByTestId('signin-password').fill(account.password);
  await page.getByTestId('signin-submit').click();
  const agree = page.getByTestId('eula-agree');
  const map = page.getByTestId('map');
  await Promise.race([
    agree.waitFor({ timeout: 20_000 }).catch(() => undefined),
    map.waitFor({ timeout: 20_000 }).catch(() => undefined),
  ]);
  if (await agree.isVisible()) await agree.click();
  await map.waitFor();
}

/** A company copy of a provider dictionary template (projects need one). */
export async function copyTemplate<T = { id: string; name: string }>(
  env: MapEnv,
  templateKey: string,
  name: string,
): Promise<T> {
  const template = await env.server.db
    .selectFrom('dictionaries')
    .select('id')
    .where('template_key', '=', templateKey)
    .executeTakeFirstOrThrow();
  return env.api<T>('POST', `/rest/dictionaries/copy/${template.id}`, { name, isReadonly: false });
}

export interface FeatureFolder {
  id: string;
  layers: Array<{ id: string; name: string; serverName: string }>;
}

/** A project on a dictionary with one feature folder (point, line and polygon layers). */
export async function seedFeatureProject(env: MapEnv, name: string, dictionaryId: string) {
  const project = await env.api<{ id: string }>('POST', '/rest/projects', { name, dataDictionaryId: dictionaryId });
  const folder = await env.api<FeatureFolder>('POST', `/rest/projects/${project.id}/addFeatureFolder`, {});
  const layerOf = (kind: string) => folder.layers.find((l) => l.serverName === kind)!.id;
  return {
    project: project.id,
    folder: folder.id,
    point: layerOf('point'),
    line: layerOf('line'),
    polygon: layerOf('polygon'),
  };
}
