import { DEFAULT_PREFERENCES, preferencesSchema, type Preferences } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { readPreferences, writePreferences } from './store.js';

/** Stored preferences completed with defaults for keys added since they were saved. */
export async function get(deps: Deps, accountId: string): Promise<Preferences> {
  const stored = await readPreferences(deps.db, accountId);
  return stored ? preferencesSchema.parse({ ...DEFAULT_PREFERENCES, ...stored }) : DEFAULT_PREFERENCES;
}

export async function save(deps: Deps, accountId: string, prefs: Preferences): Promise<Preferences> {
  const withStamp = { ...prefs, lastUpdate: Date.now() };
  await writePreferences(deps.db, accountId, withStamp);
  return withStamp;
}
