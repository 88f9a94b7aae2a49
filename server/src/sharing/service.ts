import { randomBytes } from 'node:crypto';
import {
  SHARING_MSG,
  effectiveMask,
  type AssetRef,
  type Grant,
  type GrantState,
  type PermissionEntry,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { AppError, badRequest, forbidden, notFound } from '../http/errors.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { requireOwnAssets } from '../authz/references.js';
import { acceptedGrantsTo, findGrant, findGrantBetween, listGrants, type GrantRow } from './store.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { shareActivity } from './activity.js';

const CODE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentGrant(row: GrantRow): Grant {
  const expired = row.state === 'CREATED' && new Date(row.expires_at).getTime() < Date.now();
  return {
    id: row.id,
    state: (expired ? 'EXPIRED' : row.state) as GrantState,
    grantorOrganization: row.grantor_name,
    granteeOrganization: row.grantee_name,
    grantorOrganizationId: row.grantor_organization_id,
    granteeOrganizationId: row.grantee_organization_id,
    createdByEmail: row.created_by_email,
    createdDate: iso(row.created_at)!,
    acceptedByEmail: row.accepted_by_email,
    acceptedDate: iso(row.accepted_at),
    deniedByEmail: row.denied_by_email,
    deniedDate: iso(row.denied_at),
    expiredDate: expired ? iso(row.expires_at) : null,
    permissions: (row.permissions ?? []) as PermissionEntry[],
  };
}

export async function listForOrganization(
  deps: Deps,
  caller: Caller,
  side: 'any' | 'grantor' | 'grantee' = 'any',
): Promise<Grant[]> {
  requireOrgAdmin(caller);
  return (await listGrants(deps.db, caller.organizationId, side)).map(presentGrant);
}

/** A code other organizations can request access with; it looks like an e-mail address. */
export async function createCode(deps: Deps, caller: Caller): Promise<Grant> {
  requireOrgAdmin(caller);
  const id = `${randomBytes(8).toString('hex')}@share.fieldbook`;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('organization_grants')
      .values({
        id,
        state: 'CREATED',
        grantor_organization_id: caller.organizationId,
        grantee_organization_id: null,
        permissions: JSON.stringify([{ assetTypeName: 'project', assetId: '*', bitMask: '0001' }]),
        created_by_email: caller.email,
        expires_at: new Date(Date.now() + CODE_TTL_MS),
      })
      .execute();
    await recordActivity(trx, actorOf(caller), shareActivity('created', (await findGrant(trx, id))!));
  });
  return presentGrant((await findGrant(deps.db, id))!);
}

/** The grantee's admin requests access with a code; one grant per pair of organizations (409 otherwise). */
export async function requestWithCode(deps: Deps, caller: Caller, code: string): Promise<Grant> {
  requireOrgAdmin(caller);
  const id = code.trim().toLowerCase();
  await deps.db.transaction().execute(async (trx) => {
    const grant = await findGrant(trx, id);
    if (!grant) throw notFound(SHARING_MSG.invalidCode);
    if (grant.grantor_organization_id === caller.organizationId) throw badRequest(SHARING_MSG.ownCode);
    if (
      grant.grantee_organization_id ||
      (await findGrantBetween(trx, grant.grantor_organization_id, caller.organizationId))
    ) {
      throw new AppError(409, 'Conflict', SHARING_MSG.exists);
    }
    if (presentGrant(grant).state !== 'CREATED') throw badRequest(SHARING_MSG.badTransition);
    await trx
      .updateTable('organization_grants')
      .set({
        state: 'REQUESTED',
        grantee_organization_id: caller.organizationId,
        requested_by_email: caller.email,
        requested_at: new Date(),
      })
      .where('id', '=', id)
      .where('state', '=', 'CREATED')
      .execute();
    await recordActivity(trx, actorOf(caller), shareActivity('requested', (await findGrant(trx, id))!));
  });
  return presentGrant((await findGrant(deps.db, id))!);
}

async function grantOfGrantor(db: Executor, caller: Caller, id: string): Promise<GrantRow> {
  const grant = await findGrant(db, id);
  if (
    !grant ||
    (grant.grantor_organization_id !== caller.organizationId && grant.grantee_organization_id !== caller.organizationId)
  )
    throw notFound();
  if (grant.grantor_organization_id !== caller.organizationId) throw forbidden();
  return grant;
}

/** The grantor accepts a REQUESTED or DENIED grant, or denies a REQUESTED one. */
export async function act(deps: Deps, caller: Caller, action: 'accept' | 'deny', id: string): Promise<Grant> {
  requireOrgAdmin(caller);
  const grant = await grantOfGrantor(deps.db, caller, id);
  const allowed = action === 'accept' ? ['REQUESTED', 'DENIED'] : ['REQUESTED'];
  if (!allowed.includes(grant.state)) throw badRequest(SHARING_MSG.badTransition);
  const now = new Date();
  await deps.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('organization_grants')
      .set(
        action === 'accept'
          ? { state: 'ACCEPTED', accepted_by_email: caller.email, accepted_at: now }
          : { state: 'DENIED', denied_by_email: caller.email, denied_at: now },
      )
      .where('id', '=', id)
      .where('state', 'in', allowed)
      .executeTakeFirst();
    // Another admin answered first: nothing changed here, so nothing to log.
    if (Number(changed.numUpdatedRows) === 0) return;
    const done = action === 'accept' ? 'accepted' : 'denied';
    await recordActivity(trx, actorOf(caller), shareActivity(done, (await findGrant(trx, id))!));
  });
  return presentGrant((await findGrant(deps.db, id))!);
}

/** Either side's admin may delete a grant. */
export async function remove(deps: Deps, caller: Caller, id: string): Promise<void> {
  requireOrgAdmin(caller);
  const grant = await findGrant(deps.db, id);
  if (
    !grant ||
    (grant.grantor_organization_id !== caller.organizationId && grant.grantee_organization_id !== caller.organizationId)
  )
    throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('organization_grants').where('id', '=', id).execute();
    await recordActivity(trx, actorOf(caller), shareActivity('deleted', grant));
  });
}

export async function getBetween(deps: Deps, caller: Caller, grantorId: string, granteeId: string): Promise<Grant> {
  requireOrgAdmin(caller);
  if (caller.organizationId !== grantorId && caller.organizationId !== granteeId) throw notFound();
  const grant = await findGrantBetween(deps.db, grantorId, granteeId);
  if (!grant) throw notFound();
  return presentGrant(grant);
}

/** Manage permissions of a granted share: what the grantee may read (view only, whatever is asked). */
export async function setGrantPermissions(
  deps: Deps,
  caller: Caller,
  grantorId: string,
  granteeId: string,
  permissions: PermissionEntry[],
): Promise<Grant> {
  requireOrgAdmin(caller);
  if (caller.organizationId !== grantorId) throw notFound();
  const grant = await findGrantBetween(deps.db, grantorId, granteeId);
  if (!grant) throw notFound();
  if (grant.state !== 'ACCEPTED') throw badRequest(SHARING_MSG.badTransition);
  await requireOwnAssets(deps.db, grantorId, permissions);
  const readOnly = permissions.map((p) => ({ ...p, bitMask: '0001' }));
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('organization_grants')
      .set({ permissions: JSON.stringify(readOnly) })
      .where('id', '=', grant.id)
      .execute();
    await recordActivity(
      trx,
      actorOf(caller),
      shareActivity('permissions changed', { ...grant, permissions: readOnly }),
    );
  });
  return presentGrant((await findGrantBetween(deps.db, grantorId, granteeId))!);
}

/** What an organization may read of a grantor's data: the entries of its accepted grants, view only. */
export async function grantedEntries(
  db: Executor,
  granteeOrganizationId: string,
  grantorOrganizationId: string,
): Promise<PermissionEntry[]> {
  const grants = await acceptedGrantsTo(db, granteeOrganizationId);
  return grants
    .filter((g) => g.grantor_organization_id === grantorOrganizationId)
    .flatMap((g) => (g.permissions as PermissionEntry[]).map((p) => ({ ...p, bitMask: '0001' })));
}

/** The organizations that granted this one access. */
export async function grantorsOf(db: Executor, granteeOrganizationId: string): Promise<string[]> {
  return [...new Set((await acceptedGrantsTo(db, granteeOrganizationId)).map((g) => g.grantor_organization_id))];
}

/**
 * The access another organization's members have to an asset of the grantor through accepted grants:
 * view at most (sharing never gives create, edit or admin).
 */
export async function sharedMask(
  db: Executor,
  granteeOrganizationId: string,
  grantorOrganizationId: string,
  chain: AssetRef[],
): Promise<number> {
  return Math.min(effectiveMask(await grantedEntries(db, granteeOrganizationId, grantorOrganizationId), chain), 1);
}
