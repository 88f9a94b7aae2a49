import type { z } from 'zod';
import { DEFAULT_PREFERENCES, preferencesSchema, type Preferences } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { readPreferences, writePreferences } from './store.js';

type Loose = Record<string, unknown>;

/** Drops what an issue points at: the top-level key, or just the offending entry of a top-level list. */
function withoutIssues(prefs: Loose, issues: z.ZodError['issues']): Loose {
  const out: Loose = { ...prefs };
  for (const {
    path: [key, index],
  } of issues) {
    if (typeof key !== 'string') continue;
    const value = out[key];
    if (Array.isArray(value) && typeof index === 'number')
      out[key] = value.map((v, i) => (i === index ? undefined : v));
    else delete out[key];
  }
  for (const [key, value] of Object.entries(out))
    if (Array.isArray(value)) out[key] = value.filter((v) => v !== undefined);
  return out;
}

/**
 * Stored preferences completed with defaults for keys added since they were saved. A value saved
 * before its key was typed may no longer pass: that value is dropped, not the whole object.
 */
export async function get(deps: Deps, accountId: string): Promise<Preferences> {
  const stored = await readPreferences(deps.db, accountId);
  let candidate: Loose = { ...DEFAULT_PREFERENCES, ...stored };
  for (let pass = 0; pass < 3; pass++) {
    const parsed = preferencesSchema.safeParse(candidate);
    if (parsed.success) return parsed.data;
    candidate = withoutIssues(candidate, parsed.error.issues);
  }
  return DEFAULT_PREFERENCES;
}

export async function save(deps: Deps, accountId: string, prefs: Preferences): Promise<Preferences> {
  const withStamp = { ...prefs, lastUpdate: Date.now() };
  await writePreferences(deps.db, accountId, withStamp);
  return withStamp;
}
