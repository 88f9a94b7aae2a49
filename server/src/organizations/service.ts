import { z } from 'zod';
import {
  ORG_MSG,
  USER_TYPES,
  allFunctionalityFlagsOn,
  childNameExists,
  createChildOrganizationSchema,
  isOrgViewer,
  updateOrganizationSchema,
  type Organization,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { findAccountById, insertMembership, insertPermissions } from '../accounts/store.js';
import { findChildren, findOrganization, insertOrganization, type OrganizationRow } from './store.js';
import { presentOrganization } from './present.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { editedArtifact, namedActivity } from './settings-activity.js';

/**
 * An organization the caller may read: one they belong to, or a child of the organization they are
 * working in (when they may view it). Anything else is "not found" — nothing is revealed.
 */
async function readable(deps: Deps, caller: Caller, id: string): Promise<OrganizationRow> {
  const org = await findOrganization(deps.db, id);
  if (!org) throw notFound();
  if (org.id === caller.organizationId) return org;
  if (org.parent_id === caller.organizationId && isOrgViewer(caller)) return org;
  const membership = await deps.db
    .selectFrom('memberships')
    .select('account_id')
    .where('account_id', '=', caller.accountId)
    .where('organization_id', '=', id)
    .where('invitation_pending', '=', false)
    .executeTakeFirst();
  if (membership) return org;
  throw notFound();
}

export async function getOrganization(deps: Deps, caller: Caller, id: string): Promise<Organization> {
  const org = await readable(deps, caller, id);
  return presentOrganization(deps.db, org, caller.defaultOrganizationId);
}

/** Info tab: the address, by an admin of this organization. The name is read-only. */
export async function updateOrganization(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof updateOrganizationSchema>,
): Promise<Organization> {
  if (input.id !== caller.organizationId) throw notFound();
  requireOrgAdmin(caller);
  const changes: Record<string, string | null> = {};
  const columns = {
    address1: 'address1',
    address2: 'address2',
    city: 'city',
    state: 'state',
    postalCode: 'postal_code',
  } as const;
  for (const [field, column] of Object.entries(columns)) {
    const value = input[field as keyof typeof columns];
    if (value !== undefined) changes[column] = value === '' ? null : value;
  }
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', caller.organizationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('organizations')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', caller.organizationId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const { changes: changed } = editedArtifact(before, after, Object.values(columns), 'name');
    await recordActivity(
      trx,
      actorOf(caller),
      namedActivity({
        type: 'Edit',
        noun: 'Organization',
        idKey: 'organizationId',
        thing: after,
        extra: { changes: changed },
      }),
    );
    return after;
  });
  return presentOrganization(deps.db, row, caller.defaultOrganizationId);
}

/** Child organizations are logged in their parent, the organization the admin works in. */
const childActivity = (type: 'Add' | 'Delete', child: OrganizationRow) =>
  namedActivity({ type, noun: 'Child organization', idKey: 'organizationId', thing: child });

function organizationsEnabled(org: OrganizationRow): boolean {
  const flag = (org.functionality_flags as { organizations?: { enabled?: boolean } }).organizations;
  return flag?.enabled === true;
}

/**
 * Children tab: an admin of a top-level organization with organizations enabled adds a child. The
 * creator becomes the child's admin, so it appears among their organizations.
 */
export async function createChild(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof createChildOrganizationSchema>,
): Promise<Organization> {
  if (input.parentId !== caller.organizationId) throw notFound();
  requireOrgAdmin(caller);
  const parent = await findOrganization(deps.db, caller.organizationId);
  if (!parent) throw notFound();
  if (!organizationsEnabled(parent)) throw forbidden(ORG_MSG.childrenDisabled);
  if (parent.parent_id) throw badRequest(ORG_MSG.noGrandchildren);
  const child = await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('organizations').select('id').where('id', '=', parent.id).forUpdate().execute();
    if (childNameExists(input.name, await findChildren(trx, parent.id)))
      throw badRequest(ORG_MSG.nameExists, 'Conflict');
    const created = await insertOrganization(trx, {
      name: input.name,
      parentId: parent.id,
      maxUsers: parent.max_users,
      functionalityFlags: { ...allFunctionalityFlagsOn(), ...parent.functionality_flags },
      geoserverUrl: parent.geoserver_url,
    });
    await insertMembership(trx, {
      accountId: caller.accountId,
      organizationId: created.id,
      userType: USER_TYPES.editor,
    });
    await insertPermissions(trx, caller.accountId, created.id, [
      { assetTypeName: 'organization', assetId: created.id, bitMask: '1111' },
    ]);
    await recordActivity(trx, actorOf(caller), childActivity('Add', created));
    return created;
  });
  return presentOrganization(deps.db, child, caller.defaultOrganizationId);
}

/**
 * Deletes a child organization with its data. Members who belonged only to it are removed; others
 * whose default it was fall back to another of their organizations.
 */
export async function deleteChild(deps: Deps, caller: Caller, id: string): Promise<void> {
  const child = await findOrganization(deps.db, id);
  if (!child || child.parent_id !== caller.organizationId) throw notFound();
  requireOrgAdmin(caller);
  await deps.db.transaction().execute(async (trx) => {
    const members = await trx
      .selectFrom('memberships')
      .select('account_id')
      .where('organization_id', '=', id)
      .execute();
    await trx.deleteFrom('organizations').where('id', '=', id).execute();
    // Logged in the parent: the child's own log goes with it.
    await recordActivity(trx, actorOf(caller), childActivity('Delete', child));
    for (const { account_id } of members) {
      const other = await trx
        .selectFrom('memberships')
        .select('organization_id')
        .where('account_id', '=', account_id)
        .where('invitation_pending', '=', false)
        .orderBy('created_at')
        .executeTakeFirst();
      if (!other) await trx.deleteFrom('accounts').where('id', '=', account_id).execute();
      else {
        const account = await findAccountById(trx, account_id);
        if (!account?.default_organization_id) {
          await trx
            .updateTable('accounts')
            .set({ default_organization_id: other.organization_id })
            .where('id', '=', account_id)
            .execute();
        }
      }
    }
  });
}
