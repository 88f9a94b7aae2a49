import { createHash, randomBytes } from 'node:crypto';
import { DATA_MSG } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import type { Executor } from '../db/types.js';
import { badRequest, notFound } from '../http/errors.js';
import { flagOn, requireFlag } from '../http/flags.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { findAccountByEmail, findMembership } from '../accounts/store.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { namedActivity } from '../organizations/settings-activity.js';

/** Client keys are shown once and stored as a SHA-256 hash (they are long random secrets). */
export const hashClientKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A client key is named by the member it stands for; the key itself is never logged. */
const clientKeyActivity = (type: 'Add' | 'Edit' | 'Delete', key: { id: string; email: string }, did?: string) =>
  namedActivity({
    type,
    noun: 'Client key of',
    idKey: 'clientKeyId',
    thing: { id: key.id, name: key.email },
    did,
  });

async function gate(deps: Deps, caller: Caller) {
  requireOrgAdmin(caller);
  await requireFlag(deps.db, caller, 'clients', DATA_MSG.clientsDisabled);
}

export async function listKeys(deps: Deps, caller: Caller) {
  await gate(deps, caller);
  const rows = await deps.db
    .selectFrom('client_keys')
    .innerJoin('accounts', 'accounts.id', 'client_keys.account_id')
    .select(['client_keys.id', 'accounts.email', 'client_keys.created_at', 'client_keys.last_used_at'])
    .where('client_keys.organization_id', '=', caller.organizationId)
    .orderBy('accounts.email')
    .orderBy('client_keys.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    createdAt: new Date(r.created_at).toISOString(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
  }));
}

/** A key for a member of the organization; the response is the only time the key is shown. */
export async function createKey(deps: Deps, caller: Caller, email: string) {
  await gate(deps, caller);
  const account = await findAccountByEmail(deps.db, email);
  if (!account || !(await findMembership(deps.db, account.id, caller.organizationId)))
    throw badRequest(DATA_MSG.clientUserRequired);
  const key = `fbk_${randomBytes(24).toString('base64url')}`;
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('client_keys')
      .values({
        organization_id: caller.organizationId,
        account_id: account.id,
        key_hash: hashClientKey(key),
        created_by: caller.accountId,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordActivity(trx, actorOf(caller), clientKeyActivity('Add', { id: created.id, email: account.email }));
    return created;
  });
  return { id: row.id, email: account.email, key };
}

/** Logs a change of the key `row` (none: not this organization's key, 404); answers the holder's e-mail. */
async function logKeyChange(
  db: Executor,
  caller: Caller,
  id: string,
  row: { account_id: string } | undefined,
  type: 'Edit' | 'Delete',
  did?: string,
): Promise<string> {
  if (!row) throw notFound();
  const holder = await db
    .selectFrom('accounts')
    .select('email')
    .where('id', '=', row.account_id)
    .executeTakeFirstOrThrow();
  await recordActivity(db, actorOf(caller), clientKeyActivity(type, { id, email: holder.email }, did));
  return holder.email;
}

/** PUT: replaces the key (the old one stops working), showing the new one once. */
export async function rotateKey(deps: Deps, caller: Caller, id: string) {
  await gate(deps, caller);
  const key = `fbk_${randomBytes(24).toString('base64url')}`;
  const email = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('client_keys')
      .set({ key_hash: hashClientKey(key), created_at: new Date(), last_used_at: null })
      .where('id', '=', id)
      .where('organization_id', '=', caller.organizationId)
      .returning('account_id')
      .executeTakeFirst();
    return logKeyChange(trx, caller, id, row, 'Edit', 'replaced');
  });
  return { id, email, key };
}

export async function deleteKey(deps: Deps, caller: Caller, id: string) {
  await gate(deps, caller);
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('client_keys')
      .where('id', '=', id)
      .where('organization_id', '=', caller.organizationId)
      .returning('account_id')
      .executeTakeFirst();
    await logKeyChange(trx, caller, id, row, 'Delete');
  });
}

/** Per project: the feature-service endpoint, and the map-service one when the map server is on. */
export async function endpoints(deps: Deps, caller: Caller) {
  await gate(deps, caller);
  const wms = await flagOn(deps.db, caller, 'geoserver');
  const projects = await deps.db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('organization_id', '=', caller.organizationId)
    .orderBy('name')
    .execute();
  const base = deps.config.publicUrl;
  return projects.map((p) => ({
    projectId: p.id,
    name: p.name,
    wfs: `${base}/rest/projects/ogc/${p.id}/wfs`,
    wms: wms ? `${base}/rest/projects/ogc/${p.id}/wms` : null,
  }));
}

/** The organization and account a presented key stands for (used by the OGC endpoints). */
export async function resolveClientKey(deps: Deps, key: string) {
  const row = await deps.db
    .updateTable('client_keys')
    .set({ last_used_at: new Date() })
    .where('key_hash', '=', hashClientKey(key))
    .returning(['organization_id', 'account_id'])
    .executeTakeFirst();
  return row ? { organizationId: row.organization_id, accountId: row.account_id } : null;
}
