import { sql } from 'kysely';
import { PROJECT_MSG, type LayerField } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import { FOOT_METRES, type FeatureKind } from './load.js';

/** A layer the import makes: staged rows of one source layer (and one geometry kind when it mixes kinds). */
export interface TargetLayer {
  name: string;
  sourceLayer: number;
  /** Only rows of this kind; null takes all rows of the source layer. */
  kind: FeatureKind | null;
  fields: LayerField[];
}

export interface CommitInput {
  jobId: string;
  organizationId: string;
  projectId: string;
  folderId: string;
  accountId: string;
  preferredMethod: string;
  convertFromFeet: boolean;
  layers: TargetLayer[];
}

/** Rows moved per statement, so no single statement holds the embedded database for long. */
const COMMIT_CHUNK = 50_000;

/**
 * Creates the import's layers and moves its staged rows into them (with their 'Add' versions) in one
 * transaction: the import appears whole or not at all. A layer name taken in the folder refuses it all.
 * Returns the new layers' ids and feature counts.
 */
export async function commitImport(deps: Deps, input: CommitInput): Promise<Array<{ id: string; count: number }>> {
  return deps.db.transaction().execute(async (trx) => {
    const names = input.layers.map((l) => l.name.toLowerCase());
    const taken = await trx
      .selectFrom('layers')
      .select('name')
      .where('folder_id', '=', input.folderId)
      .where((eb) => eb(eb.fn('lower', ['name']), 'in', names))
      .executeTakeFirst();
    if (taken || new Set(names).size !== names.length) throw new Error(PROJECT_MSG.layerNameExists);
    const made: Array<{ id: string; count: number }> = [];
    for (const target of input.layers) {
      const layer = await trx
        .insertInto('layers')
        .values({
          project_id: input.projectId,
          folder_id: input.folderId,
          name: target.name,
          description: null,
          type: 'VECTOR',
          server_name: null,
          reference_id: null,
          preferred_method: input.preferredMethod,
          mobile_preferred_method: null,
          style_id: null,
          fields: JSON.stringify(target.fields),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let count = 0;
      for (let from = 0; ; from += COMMIT_CHUNK) {
        const geom = input.convertFromFeet
          ? sql`CASE WHEN ST_CoordDim(r.geom) = 3 THEN ST_Scale(r.geom, ST_MakePoint(1, 1, ${FOOT_METRES})) ELSE r.geom END`
          : sql`r.geom`;
        const moved = await sql<{ n: string; last: string | null }>`
          WITH picked AS (
            SELECT r.ord, r.kind, ${geom} AS geom, r.field_values FROM import_rows r
            WHERE r.job_id = ${input.jobId}::uuid AND r.source_layer = ${target.sourceLayer}
              AND (${target.kind}::text IS NULL OR r.kind = ${target.kind}::text)
              AND r.ord >= ${from} AND r.ord < ${from + COMMIT_CHUNK}
          ), inserted AS (
            INSERT INTO features (organization_id, project_id, layer_id, kind, geom, attributes, properties, field_values, created_by, updated_by)
            SELECT ${input.organizationId}::uuid, ${input.projectId}::uuid, ${layer.id}::uuid, kind, geom, '[]'::jsonb, '{}'::jsonb,
              field_values, ${input.accountId}::uuid, ${input.accountId}::uuid
            FROM picked ORDER BY ord
            RETURNING id
          ), versions AS (
            INSERT INTO feature_versions (feature_id, action, changed_by) SELECT id, 'Add', ${input.accountId}::uuid FROM inserted
          )
          SELECT count(*)::text AS n,
            (SELECT max(ord)::text FROM import_rows WHERE job_id = ${input.jobId}::uuid AND source_layer = ${target.sourceLayer}) AS last
          FROM inserted`.execute(trx);
        count += Number(moved.rows[0]?.n ?? 0);
        const last = moved.rows[0]?.last;
        if (last === null || last === undefined || Number(last) < from + COMMIT_CHUNK) break;
      }
      await bumpLayerDataVersion(trx, [layer.id]);
      made.push({ id: layer.id, count });
    }
    await trx.deleteFrom('import_rows').where('job_id', '=', input.jobId).execute();
    return made;
  });
}
