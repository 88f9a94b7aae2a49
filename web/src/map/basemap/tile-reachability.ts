/**
 * A tile provider found unreachable (no network, a blocked host) is remembered for a while, so each
 * page load does not send a screenful of tile requests that can only fail before falling back to the
 * offline basemap. Going online again, or the time passing, tries the provider again.
 */
const KEY = 'fieldbook.unreachable-tiles';
/** Where it is kept: the browser's local storage, or memory where there is none (tests, private modes that refuse it). */
const memory = new Map<string, string>();
const storage = (): Pick<Storage, 'getItem' | 'setItem'> =>
  typeof localStorage !== 'undefined'
    ? localStorage
    : { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
export const UNREACHABLE_FOR_MS = 15 * 60 * 1000;

function read(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage().getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function write(entries: Record<string, number>) {
  try {
    storage().setItem(KEY, JSON.stringify(entries));
  } catch {
    // Storage full or denied: the provider is simply tried again on the next load.
  }
}

export function rememberUnreachable(provider: string, now = Date.now()) {
  write({ ...read(), [provider]: now });
}

export function recentlyUnreachable(provider: string, now = Date.now()): boolean {
  const since = read()[provider];
  return typeof since === 'number' && now - since < UNREACHABLE_FOR_MS;
}

export function forgetUnreachable() {
  write({});
}
