import { sql, type Selectable } from 'kysely';
import type { OrganizationGrantsTable } from '../db/schema.js';
import type { Executor } from '../db/types.js';

export type GrantRow = Selectable<OrganizationGrantsTable> & { grantor_name: string; grantee_name: string | null };

function grantsWithNames(db: Executor) {
  return db
    .selectFrom('organization_grants as g')
    .innerJoin('organizations as gr', 'gr.id', 'g.grantor_organization_id')
    .leftJoin('organizations as ge', 'ge.id', 'g.grantee_organization_id')
    .selectAll('g')
    .select(['gr.name as grantor_name', 'ge.name as grantee_name']);
}

/**
 * Grants where the organization is grantor or grantee, without those between a parent and its
 * child (spec 1 §4: hidden).
 */
export async function listGrants(
  db: Executor,
  organizationId: string,
  side: 'any' | 'grantor' | 'grantee' = 'any',
): Promise<GrantRow[]> {
  let q = grantsWithNames(db)
    .where(sql<boolean>`NOT (ge.parent_id IS NOT DISTINCT FROM gr.id AND ge.id IS NOT NULL)`)
    .where(sql<boolean>`NOT (gr.parent_id IS NOT DISTINCT FROM ge.id AND ge.id IS NOT NULL)`);
  if (side === 'grantor') q = q.where('g.grantor_organization_id', '=', organizationId);
  else if (side === 'grantee') q = q.where('g.grantee_organization_id', '=', organizationId);
  else
    q = q.where((eb) =>
      eb.or([
        eb('g.grantor_organization_id', '=', organizationId),
        eb('g.grantee_organization_id', '=', organizationId),
      ]),
    );
  return (await q.orderBy('g.created_at', 'desc').execute()) as GrantRow[];
}

export async function findGrant(db: Executor, id: string): Promise<GrantRow | undefined> {
  return (await grantsWithNames(db).where('g.id', '=', id).executeTakeFirst()) as GrantRow | undefined;
}

export async function findGrantBetween(
  db: Executor,
  grantorId: string,
  granteeId: string,
): Promise<GrantRow | undefined> {
  return (await grantsWithNames(db)
    .where('g.grantor_organization_id', '=', grantorId)
    .where('g.grantee_organization_id', '=', granteeId)
    .executeTakeFirst()) as GrantRow | undefined;
}

/** Accepted grants to an organization: what other organizations let it read. */
export async function acceptedGrantsTo(db: Executor, granteeId: string) {
  return db
    .selectFrom('organization_grants')
    .select(['grantor_organization_id', 'permissions'])
    .where('grantee_organization_id', '=', granteeId)
    .where('state', '=', 'ACCEPTED')
    .execute();
}
