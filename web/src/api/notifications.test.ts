import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TOKEN_KEY, notificationsApi } from './notifications';

/** localStorage of one browser, as a plain map (the unit tests run in node). */
function browserStorage(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('push token registration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("makes itself a new token when the browser's token belongs to another account (409), and keeps it", async () => {
    const storage = browserStorage({ [PUSH_TOKEN_KEY]: 'web-previous-user' });
    vi.stubGlobal('localStorage', storage);
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const { token } = JSON.parse(String(init.body)) as { token: string };
        posted.push(token);
        return token === 'web-previous-user'
          ? answer(409, { statusCode: 409, code: 'Conflict', message: 'app.notifications.token.taken' })
          : answer(201, { token });
      }),
    );
    const registered = await notificationsApi.register('web-previous-user');
    expect(posted).toHaveLength(2);
    expect(posted[1]).toMatch(/^web-[0-9a-f]{32}$/);
    expect(registered).toEqual({ token: posted[1] });
    expect(storage.items.get(PUSH_TOKEN_KEY)).toBe(posted[1]);
  });
});
