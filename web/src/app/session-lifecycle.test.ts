import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../api/session';

describe('session renewal', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('renews the 15-minute ID token a minute before it expires, with the refresh token', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { addEventListener: () => undefined, visibilityState: 'visible' });
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ idToken: 'second', refreshToken: 'kept', expiresIn: 900 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const { installSessionExpiry } = await import('./session-lifecycle');
    installSessionExpiry();
    useSession.getState().setTokens({ idToken: 'first', refreshToken: 'kept', expiresIn: 900 });

    await vi.advanceTimersByTimeAsync(13 * 60_000);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000 + 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual([
      '/auth/refresh',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ refreshToken: 'kept' }) }),
    ]);
    expect(useSession.getState().session?.idToken).toBe('second');
  });
});
