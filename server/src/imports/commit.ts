import { sql } from 'kysely';
import { PROJECT_MSG, type LayerField } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import { layerNameTaken } from '../projects/layer-names.js';
import type { SourceLayer } from './source.js';
import { FOOT_METRES, fieldValuesOf, kindOf, type FeatureKind } from './load.js';

/** A layer the import makes: staged rows of one source layer (and one geometry kind when it mixes kinds). */
export interface TargetLayer {
  name: string;
  /** The source layer's staging table (load.ts) and its description. */
  stage: string;
  source: SourceLayer;
  /** Only rows of this kind; null takes all rows of the source layer. */
  kind: FeatureKind | null;
  fields: LayerField[];
  /** Source columns (lower case) in feet. */
  feet: Set<string>;
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

/** Rows moved per statement: the progress bar moves between them. */
const COMMIT_CHUNK = 100_000;

export interface CommitProgress {
  /** Features written into the new layers so far, and values that did not fit their field (stored empty). */
  (moved: number, badValues: number): Promise<void>;
}

/**
 * Creates the import's layers and moves its staged rows into them (with their 'Add' versions) in one
 * transaction: the import appears whole or not at all. A layer name taken in the folder refuses it all.
 * Returns the new layers' ids and feature counts.
 */
export async function commitImport(
  deps: Deps,
  input: CommitInput,
  onChunk: CommitProgress,
): Promise<Array<{ id: string; count: number }>> {
  return deps.db.transaction().execute(async (trx) => {
    const names = input.layers.map((l) => l.name.toLowerCase());
    if (new Set(names).size !== names.length) throw new Error(PROJECT_MSG.layerNameExists);
    for (const target of input.layers)
      if (await layerNameTaken(trx, input.folderId, target.name)) throw new Error(PROJECT_MSG.layerNameExists);
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
      const { values, bad } = fieldValuesOf(target.source, target.feet);
      const kind = kindOf(sql`r.wkt`);
      // GDAL wrote the WKT (never a user): it parses. M values have no place in the product: XYM becomes
      // XY, XYZM becomes XYZ.
      const parsed = sql`ST_GeomFromText(r.wkt, 4326)`;
      let geom = sql`CASE ST_Zmflag(${parsed}) WHEN 1 THEN ST_Force2D(${parsed}) WHEN 3 THEN ST_Force3DZ(${parsed}) ELSE ${parsed} END`;
      if (input.convertFromFeet)
        geom = sql`CASE WHEN ST_CoordDim(${geom}) = 3 THEN ST_Scale(${geom}, ST_MakePoint(1, 1, ${FOOT_METRES})) ELSE ${geom} END`;
      const {
        rows: [range],
      } = await sql<{ last: string | null }>`SELECT max(ord)::text AS last FROM ${sql.id(target.stage)}`.execute(trx);
      const last = Number(range?.last ?? 0);
      for (let from = 0; from < last; from += COMMIT_CHUNK) {
        const moved = await sql<{ n: string; bad: string | null }>`
          WITH picked AS MATERIALIZED (
            SELECT r.ord, ${kind} AS kind, ${geom} AS geom, ${values} AS field_values, ${bad} AS bad
            FROM ${sql.id(target.stage)} r
            WHERE r.ord > ${from} AND r.ord <= ${from + COMMIT_CHUNK} AND ${kind} IS NOT NULL
          ), inserted AS (
            INSERT INTO features (organization_id, project_id, layer_id, kind, geom, attributes, properties, field_values, created_by, updated_by)
            SELECT ${input.organizationId}::uuid, ${input.projectId}::uuid, ${layer.id}::uuid, kind, geom, '[]'::jsonb, '{}'::jsonb,
              field_values, ${input.accountId}::uuid, ${input.accountId}::uuid
            FROM picked WHERE kind IS NOT NULL AND (${target.kind}::text IS NULL OR kind = ${target.kind}::text)
            ORDER BY ord
            RETURNING id
          ), versions AS (
            INSERT INTO feature_versions (feature_id, action, changed_by) SELECT id, 'Add', ${input.accountId}::uuid FROM inserted
          )
          SELECT (SELECT count(*) FROM inserted)::text AS n,
            (SELECT sum(bad) FROM picked WHERE kind IS NOT NULL AND (${target.kind}::text IS NULL OR kind = ${target.kind}::text))::text AS bad`.execute(
          trx,
        );
        const n = Number(moved.rows[0]?.n ?? 0);
        count += n;
        await onChunk(n, Number(moved.rows[0]?.bad ?? 0));
      }
      await bumpLayerDataVersion(trx, [layer.id]);
      made.push({ id: layer.id, count });
    }
    return made;
  });
}
