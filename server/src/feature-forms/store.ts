import { formDataEntrySchema, type FeatureFormRecord, type FormDataEntry } from '@fieldbook/domain';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';

/**
 * The SQL of feature form records (migration 028): a `feature_forms` row and its own htmlform_feature
 * feature on the form's layer. Every function takes the caller's organization.
 */

/** Live records (not deleted, their form feature live) of the organization, with who wrote them and their form. */
export function recordRows(db: Executor, organizationId: string) {
  return db
    .selectFrom('feature_forms as ff')
    .innerJoin('features as r', 'r.id', 'ff.form_feature_id')
    .innerJoin('features as p', 'p.id', 'ff.feature_id')
    .leftJoin('forms as f', (j) =>
      j
        .onRef('f.id', '=', 'ff.form_id')
        .on((eb) => eb.or([eb('f.organization_id', '=', organizationId), eb('f.organization_id', 'is', null)])),
    )
    .leftJoin('accounts as c', 'c.id', 'ff.created_by')
    .leftJoin('accounts as m', 'm.id', 'ff.updated_by')
    .select([
      'ff.id',
      'ff.form_id',
      'ff.form_name',
      'ff.feature_id',
      'ff.form_feature_id',
      'ff.data',
      'ff.pages',
      'ff.created_at',
      'ff.updated_at',
      'r.layer_id',
      'p.kind as feature_kind',
      'p.project_id',
      'f.name as current_form_name',
      sql<boolean>`f.id IS NOT NULL AND btrim(f.js) <> ''`.as('form_available'),
      'c.email as created_by_email',
      'm.email as modified_by_email',
    ])
    .where('ff.organization_id', '=', organizationId)
    .where('ff.deleted_at', 'is', null)
    .where('r.deleted_at', 'is', null);
}
export type RecordRow = Awaited<ReturnType<ReturnType<typeof recordRows>['executeTakeFirstOrThrow']>>;

const storedData = z.array(formDataEntrySchema).catch([]);

/** A record as the API answers it, with what the caller may do (the feature's rights). */
export function toRecord(row: RecordRow, abilities: FeatureFormRecord['abilities']): FeatureFormRecord {
  return {
    id: row.id,
    formId: row.form_id,
    formName: row.current_form_name ?? row.form_name,
    layerId: row.layer_id,
    projectId: row.project_id,
    featureId: `${row.feature_kind}.${row.feature_id}`,
    formFeatureId: `htmlform_feature.${row.form_feature_id}`,
    data: storedData.parse(row.data),
    pages: row.pages,
    created: new Date(row.created_at).toISOString(),
    createdByEmail: row.created_by_email,
    modified: new Date(row.updated_at).toISOString(),
    modifiedByEmail: row.modified_by_email,
    formAvailable: row.form_available,
    abilities,
  };
}

export const recordsOfFeature = (db: Executor, organizationId: string, featureId: string) =>
  recordRows(db, organizationId)
    .where('ff.feature_id', '=', featureId)
    .orderBy('ff.created_at')
    .orderBy('ff.id')
    .execute();

/** The record row (live) of the organization, for update: locked until the transaction ends. */
export const lockedRecord = (db: Executor, organizationId: string, id: string) =>
  db
    .selectFrom('feature_forms')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();

export async function insertRecord(
  trx: Executor,
  caller: Caller,
  r: {
    id: string;
    featureId: string;
    formFeatureId: string;
    formId: string;
    formName: string;
    data: FormDataEntry[];
    pages: number | null;
  },
) {
  await trx
    .insertInto('feature_forms')
    .values({
      id: r.id,
      organization_id: caller.organizationId,
      feature_id: r.featureId,
      form_feature_id: r.formFeatureId,
      form_id: r.formId,
      form_name: r.formName,
      data: JSON.stringify(r.data),
      pages: r.pages,
      created_by: caller.accountId,
      updated_by: caller.accountId,
    })
    .execute();
}

export async function updateRecordData(
  trx: Executor,
  caller: Caller,
  id: string,
  change: { data: FormDataEntry[]; pages?: number | null },
) {
  await trx
    .updateTable('feature_forms')
    .set({
      data: JSON.stringify(change.data),
      ...(change.pages !== undefined ? { pages: change.pages } : {}),
      updated_at: new Date(),
      updated_by: caller.accountId,
    })
    .where('id', '=', id)
    .where('organization_id', '=', caller.organizationId)
    .execute();
}

/** Marks records deleted; their form features go with them (the caller writes their versions). */
export async function markDeleted(trx: Executor, caller: Caller, ids: string[]) {
  if (ids.length === 0) return;
  await trx
    .updateTable('feature_forms')
    .set({ deleted_at: new Date(), updated_by: caller.accountId })
    .where('id', 'in', ids)
    .where('organization_id', '=', caller.organizationId)
    .execute();
}

/**
 * Writes the feature's File_List form entries from its live records (feature_form_entries, migration
 * 028) and bumps its layer's data version (WFS and exports show the metadata).
 */
export async function refreshFormEntries(trx: Executor, feature: { id: string; layer_id: string }) {
  await sql`UPDATE features SET metadata = feature_form_entries(metadata, id) WHERE id = ${feature.id}`.execute(trx);
  await bumpLayerDataVersion(trx, [feature.layer_id]);
}
