import { expect } from 'vitest';
import type { Harness } from './harness.js';
import type { SignedIn } from './factories.js';
import { lastSeq, loggedSince, type LoggedEntry } from './activity-log.js';
import { call } from './feature-fixtures.js';

/** Calls and expectations of the settings-area activity tests (activity-settings, -dictionaries, -signin). */
export { call };

/** An organization-wide entry (no project) by `who`, its artifact holding at least `artifact`. */
export const entry = (
  who: { email: string },
  type: string,
  category: string,
  message: string,
  artifact: object = {},
) => ({
  type,
  category,
  message,
  projectId: null,
  actorEmail: who.email,
  artifact: expect.objectContaining(artifact),
  seq: expect.any(Number),
});

/** Runs a write; answers its result and the entries it logged in the organization. */
export async function logged<T>(
  h: Harness,
  organizationId: string,
  write: () => Promise<T>,
): Promise<{ res: T; entries: LoggedEntry[] }> {
  const since = await lastSeq(h);
  const res = await write();
  return { res, entries: await loggedSince(h, organizationId, since) };
}

/** A call by `who` with the entries it logged in their organization. */
export async function loggedCall(
  h: Harness,
  who: SignedIn,
  method: 'POST' | 'PUT' | 'DELETE' | 'GET',
  url: string,
  payload?: unknown,
) {
  const { res, entries } = await logged(h, who.organizationId, () => call(h, who, method, url, payload));
  return { ...res, entries };
}
