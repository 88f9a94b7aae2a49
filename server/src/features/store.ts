import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import { actorOf, recordFeatureActivity, type FeatureActivity } from '../activities/record.js';

/** A loaded feature row (see service.load) as the writes here need it. */
export interface FeatureRow {
  id: string;
  kind: string;
  layer_id: string;
  project_id: string;
  dictionary_id: string | null;
  system_id: string | null;
  component_id: string | null;
  attributes: unknown;
  metadata: unknown;
  properties: unknown;
  /** The layer's field values by name (a split line's second half keeps them). */
  field_values?: unknown;
}

const geomOf = (geometry: unknown) => sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(geometry)}), 4326)`;
const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

type VersionAction = 'Add' | 'Edit' | 'Delete';
/** Who made a change: a member, or no one for what the system does itself (an incoming one-call ticket). */
export type VersionAuthor = { accountId: string | null };

/** Writes a version row with the state before a change (spec: every change is restorable). */
export async function addVersion(
  trx: Executor,
  caller: VersionAuthor,
  featureId: string,
  action: VersionAction,
  before: unknown,
) {
  await addVersions(trx, caller, action, [{ id: featureId, before }]);
}

/** Version rows for many features at once (a moved selection), a thousand per statement. */
export async function addVersions(
  trx: Executor,
  caller: VersionAuthor,
  action: VersionAction,
  features: Array<{ id: string; before: unknown }>,
) {
  for (let start = 0; start < features.length; start += 1000) {
    await trx
      .insertInto('feature_versions')
      .values(
        features.slice(start, start + 1000).map((f) => ({
          feature_id: f.id,
          action,
          changed_by: caller.accountId,
          before: f.before === null ? null : JSON.stringify(f.before),
        })),
      )
      .execute();
  }
}

/**
 * The activity entries of a feature write (issue #14): one per feature, by the caller, written in the
 * write's transaction after the rows changed, so an entry holds the feature as the write left it.
 */
export function logFeatures(
  trx: Executor,
  caller: Caller,
  type: FeatureActivity['type'],
  featureIds: FeatureActivity['featureIds'],
) {
  return recordFeatureActivity(trx, actorOf(caller), { type, featureIds });
}

// Each write bumps its layer's data version in the same transaction, so cached map tiles refresh.
export async function setGeometry(
  trx: Executor,
  caller: Caller,
  feature: Pick<FeatureRow, 'id' | 'layer_id'>,
  geometry: unknown,
) {
  await trx
    .updateTable('features')
    .set({ geom: geomOf(geometry), updated_at: new Date(), updated_by: caller.accountId })
    .where('id', '=', feature.id)
    .execute();
  await bumpLayerDataVersion(trx, [feature.layer_id]);
}

export async function softDelete(trx: Executor, caller: VersionAuthor, feature: Pick<FeatureRow, 'id' | 'layer_id'>) {
  await trx
    .updateTable('features')
    .set({ deleted_at: new Date(), updated_by: caller.accountId })
    .where('id', '=', feature.id)
    .execute();
  await bumpLayerDataVersion(trx, [feature.layer_id]);
}

/** Inserts a feature of the caller's organization; classification and properties are copied as given. */
export async function insertFeature(
  trx: Executor,
  caller: Pick<Caller, 'organizationId'> & VersionAuthor,
  f: Pick<
    FeatureRow,
    | 'kind'
    | 'layer_id'
    | 'project_id'
    | 'dictionary_id'
    | 'system_id'
    | 'component_id'
    | 'attributes'
    | 'metadata'
    | 'properties'
    | 'field_values'
  > & { geometry: unknown },
): Promise<string> {
  const row = await trx
    .insertInto('features')
    .values({
      organization_id: caller.organizationId,
      project_id: f.project_id,
      layer_id: f.layer_id,
      kind: f.kind,
      geom: geomOf(f.geometry),
      dictionary_id: f.dictionary_id,
      system_id: f.system_id,
      component_id: f.component_id,
      attributes: JSON.stringify(f.attributes ?? []),
      metadata: jsonOrNull(f.metadata),
      properties: JSON.stringify(f.properties ?? {}),
      field_values: JSON.stringify(f.field_values ?? {}),
      created_by: caller.accountId,
      updated_by: caller.accountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addVersion(trx, caller, row.id, 'Add', null);
  await bumpLayerDataVersion(trx, [f.layer_id]);
  return row.id;
}
