import { DEFAULT_PREFERENCES, preferencesSchema, type Preferences } from '@fieldbook/domain';
import { apiFetch } from './client';

/**
 * The preferences service (GET/PUT /preferences, whole object). The zustand store in
 * app/preferences-store.ts owns the loaded copy, the debounce and the local-storage mode.
 */

/** Unknown or partly invalid objects fall back to the defaults rather than breaking the app. */
export function toPreferences(raw: unknown): Preferences {
  const parsed = preferencesSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_PREFERENCES };
}

export async function getPreferences(): Promise<Preferences> {
  return toPreferences(await apiFetch<unknown>('/preferences'));
}

export async function putPreferences(prefs: Preferences, keepalive = false): Promise<Preferences> {
  const saved = await apiFetch<unknown>('/preferences', { method: 'PUT', body: prefs, keepalive });
  return toPreferences(saved ?? prefs);
}
