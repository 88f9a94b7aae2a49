import type { Selectable } from 'kysely';
import type { Executor } from '../db/types.js';
import type { OrganizationsTable } from '../db/schema.js';

export type OrganizationRow = Selectable<OrganizationsTable>;

export interface NewOrganization {
  name: string;
  type?: string;
  parentId?: string | null;
  maxUsers: number | null;
  functionalityFlags: Record<string, unknown>;
  geoserverUrl: string | null;
}

export async function insertOrganization(db: Executor, org: NewOrganization): Promise<OrganizationRow> {
  return db
    .insertInto('organizations')
    .values({
      name: org.name,
      type: org.type ?? 'standard',
      parent_id: org.parentId ?? null,
      max_users: org.maxUsers,
      functionality_flags: JSON.stringify(org.functionalityFlags),
      geoserver_url: org.geoserverUrl,
      address1: null,
      address2: null,
      city: null,
      state: null,
      postal_code: null,
      user_info: null,
      stripe_customer_id: null,
      payment_method: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findOrganization(db: Executor, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrganizationSummaries(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', ids).orderBy('name').execute();
}

export async function findChildren(db: Executor, parentId: string) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name'])
    .where('parent_id', '=', parentId)
    .orderBy('name')
    .execute();
}
