import { sql } from 'kysely';
import { FEATURE_MSG, MAP_SERVICE_MSG, featureInputSchema, type FeatureInput } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import { joinedTransaction } from '../db/joined-transaction.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { checkedNewFeature, deleteFeatures, layerContext, load, updateFeature } from '../features/service.js';
import { insertFeaturesBulk, type BulkFeature } from '../features/bulk-insert.js';
import { kindOfGeometry } from '../features/routes.js';
import {
  WFS_TRANSACTION_MAX_OPERATIONS,
  WFS_TRANSACTION_MAX_UPDATES,
  parseTransaction,
  type TxInsertFeature,
  type TxValue,
  type XmlNode,
} from './wfs-transaction-parse.js';
import { gmlGeometry } from './gml-geometry.js';
import { namesLayer, publishedNames } from './published-names.js';
import { wfsColumns, type WfsColumn } from './wfs-columns.js';
import type { CqlNode } from './cql.js';
import { cqlToSql } from './cql-sql.js';
import { idsOnly } from './fes.js';
import { FILTER_JOINS } from './wfs-query.js';
import { OgcError, xmlEscape } from './xml.js';

/**
 * Properties GetFeature outputs that a client may not write: ignored, since GDAL and QGIS send every
 * column back (issue #11), dictionary attribute columns included (`writable` in inputOf).
 */
const READ_ONLY = new Set(['ogc_fid', 'gml_id', 'created', 'modified', 'created_by_email']);
/** The layer's typed columns as a Transaction writes them: its fields, and the read-only dictionary ones. */
interface TxColumns {
  fields: Set<string>;
  readOnly: Set<string>;
}
/** A written value with its geometry already read from GML (before the transaction opens). */
type Value = TxValue | { geojson: FeatureInput['geometry'] };
type Values = Map<string, Value>;
type Classification = Pick<FeatureInput['properties'], 'system_id' | 'component_id'>;

const invalid = (locator: string, text: string): never => {
  throw new OgcError('InvalidParameterValue', locator, text);
};
/**
 * PGlite answers on the microtask queue, so a loop of queries never lets the event loop take other
 * requests' I/O: another organization waited for the whole loop. Long loops yield now and then.
 */
const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
const textOf = (name: string, v: Value): string | null =>
  v === null ? null : 'text' in v ? v.text : invalid(name, `${name} takes text, not a geometry`);

/** Geometries reprojected per statement (PGlite runs a statement on the event loop's thread). */
const TRANSFORM_BATCH = 50;

/**
 * GeoJSON in EPSG:4326 of each GML geometry, or null for one we cannot read. GML is read in
 * JavaScript (gml-geometry.ts), never by PostGIS: on the embedded database every geometry PostGIS
 * fails to parse leaks an error frame. Only geometries in another system go to PostGIS, as GeoJSON
 * it always parses, to be reprojected, a batch per statement.
 */
async function geoJsonOf(
  db: Executor,
  values: Array<{ gml: XmlNode; srsName: string }>,
): Promise<Array<string | null>> {
  const read = values.map((v) => gmlGeometry(v.gml, v.srsName));
  const out = read.map((r) => (r && r.srid === 4326 ? JSON.stringify(r.geometry) : null));
  const projected = read.flatMap((r, i) => (r && r.srid !== 4326 ? [{ i, r }] : []));
  for (let start = 0; start < projected.length; start += TRANSFORM_BATCH) {
    const batch = projected.slice(start, start + TRANSFORM_BATCH);
    const rows = await sql<{ g: string | null }>`
      SELECT ST_AsGeoJSON(ST_Transform(ST_SetSRID(ST_GeomFromGeoJSON(t.g), t.srid), 4326), 9) AS g
      FROM unnest(${batch.map((b) => JSON.stringify(b.r.geometry))}::text[], ${batch.map((b) => b.r.srid)}::int[])
        WITH ORDINALITY AS t(g, srid, ord) ORDER BY ord`
      .execute(db)
      .then((r) => r.rows.map((row) => row.g))
      // An EPSG code PROJ does not know: those geometries are unreadable (a PROJ error leaks nothing).
      .catch(() => batch.map(() => null));
    batch.forEach((b, k) => (out[b.i] = rows[k] ?? null));
    await yieldToOtherRequests();
  }
  return out;
}

/** Every value map with its geometry converted, so a bad GML fails before any write. */
async function prepared(db: Executor, all: Array<Map<string, TxValue>>): Promise<Values[]> {
  const withGeometry = all.filter((values) => values.has('geometry'));
  const gmls = withGeometry.map((values) => {
    const value = values.get('geometry')!;
    return value !== null && 'gml' in value ? value : invalid('geometry', 'geometry takes a GML geometry');
  });
  const converted = new Map<Map<string, TxValue>, string | null>();
  (await geoJsonOf(db, gmls)).forEach((g, i) => converted.set(withGeometry[i], g));
  return all.map((values) => {
    const out: Values = new Map(values);
    if (values.has('geometry'))
      out.set('geometry', {
        geojson: JSON.parse(converted.get(values) ?? invalid('geometry', 'Malformed or unsupported GML geometry')),
      });
    return out;
  });
}

/** system / component by name (as GetFeature gives them) or id, within the project's dictionary. */
async function classificationOf(
  db: Executor,
  dictionaryId: string,
  values: Values,
  current: Classification,
): Promise<Classification> {
  const system = values.has('system_id')
    ? textOf('system_id', values.get('system_id')!)
    : values.has('system')
      ? textOf('system', values.get('system')!)
      : undefined;
  const component = values.has('component_id')
    ? textOf('component_id', values.get('component_id')!)
    : values.has('component')
      ? textOf('component', values.get('component')!)
      : undefined;
  if (system === undefined && component === undefined)
    return { system_id: current.system_id, component_id: current.component_id };
  const systemId = system
    ? ((
        await db
          .selectFrom('systems')
          .select('id')
          .where('dictionary_id', '=', dictionaryId)
          .where((eb) => (/^[0-9a-f-]{36}$/i.test(system) ? eb('id', '=', system) : eb('name', '=', system)))
          .executeTakeFirst()
      )?.id ?? invalid('system', `Unknown system ${system}`))
    : null;
  if (!component) return { system_id: systemId, component_id: null };
  const rows = await db
    .selectFrom('components')
    .innerJoin('systems', 'systems.id', 'components.system_id')
    .select(['components.id', 'components.system_id'])
    .where('systems.dictionary_id', '=', dictionaryId)
    .$if(!!systemId, (q) => q.where('systems.id', '=', systemId!))
    .where((eb) =>
      /^[0-9a-f-]{36}$/i.test(component) ? eb('components.id', '=', component) : eb('components.alias', '=', component),
    )
    .execute();
  if (rows.length !== 1)
    invalid(
      'component',
      rows.length ? `Component ${component} is ambiguous; name its system` : `Unknown component ${component}`,
    );
  return { system_id: rows[0].system_id, component_id: rows[0].id };
}

/** A feature's input with the written values applied over `base` (its current state for an Update). */
async function inputOf(
  db: Executor,
  layer: { id: string; dictionary_id: string },
  values: Values,
  base: Omit<FeatureInput, 'geometry'> & { geometry?: FeatureInput['geometry'] },
  columns: TxColumns,
): Promise<FeatureInput> {
  const properties = { ...(base.properties.properties ?? {}) } as Record<string, string>;
  const fieldValues: Record<string, string | null> = {};
  // Not yet valid: the schema checks it below, as the feature routes do with their body.
  const input: { geometry?: unknown; properties: Record<string, unknown> } = {
    ...base,
    properties: { ...base.properties, layer_id: layer.id, properties },
  };
  for (const [name, value] of values) {
    if (name === 'geometry')
      input.geometry =
        value && 'geojson' in value ? value.geojson : invalid('geometry', 'geometry takes a GML geometry');
    else if (name === 'attributes') input.properties.attributes = textOf(name, value) || '[]';
    else if (columns.fields.has(name)) fieldValues[name] = textOf(name, value);
    else if (READ_ONLY.has(name) || columns.readOnly.has(name)) continue;
    else if (!['system', 'system_id', 'component', 'component_id', 'dictionary_id'].includes(name)) {
      const text = textOf(name, value);
      if (text === null) delete properties[name];
      else properties[name] = text;
    }
  }
  if (Object.keys(fieldValues).length) input.properties.fieldValues = fieldValues;
  Object.assign(input.properties, await classificationOf(db, layer.dictionary_id, values, base.properties));
  input.properties.dictionary_id = input.properties.component_id ? layer.dictionary_id : null;
  if (!input.geometry) invalid('geometry', 'A feature needs a geometry');
  const parsed = featureInputSchema.safeParse(input);
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues[0]?.message ?? 'app.feature.error.geometry',
      'InvalidParameterException',
      parsed.error.issues,
    );
  return parsed.data;
}

/** A feature of this layer by its id, as the base an Update applies its values over. */
async function currentOf(db: Executor, caller: Caller, layerId: string, id: string) {
  const row = await load(db, caller, id);
  if (row.layer_id !== layerId) throw notFound(MAP_SERVICE_MSG.transactionFeatureLayer);
  return {
    geometry: JSON.parse(row.geometry),
    properties: {
      layer_id: row.layer_id,
      system_id: row.system_id,
      component_id: row.component_id,
      attributes: (row.attributes ?? []) as FeatureInput['properties']['attributes'],
      properties: (row.properties ?? {}) as Record<string, string>,
    },
  };
}

/**
 * The features an Update or Delete names: its id list as given (an id of another layer is refused
 * later), or the layer's features its predicates match (GDAL's `DELETE FROM … WHERE`, QGIS's
 * select-and-delete), capped like an id list.
 */
async function idsOf(
  db: Executor,
  layer: { id: string; dictionary_id: string },
  columns: WfsColumn[],
  op: { op: 'update' | 'delete'; filter: CqlNode },
): Promise<string[]> {
  const listed = idsOnly(op.filter);
  if (listed) return listed;
  const cap = op.op === 'update' ? WFS_TRANSACTION_MAX_UPDATES : WFS_TRANSACTION_MAX_OPERATIONS;
  const where = await cqlToSql(db, layer.dictionary_id, op.filter, columns);
  const rows = await sql<{ id: string }>`
    SELECT f.id::text AS id FROM features f ${FILTER_JOINS}
    WHERE f.layer_id = ${layer.id} AND f.deleted_at IS NULL AND ${where} ORDER BY f.id LIMIT ${cap + 1}`.execute(db);
  if (rows.rows.length > cap)
    throw new OgcError(
      'OperationProcessingFailed',
      'Filter',
      `The ${op.op === 'update' ? 'Update' : 'Delete'} filter matches more than ${cap} features; narrow it or send several`,
    );
  return rows.rows.map((r) => r.id);
}

export interface TransactionResult {
  inserted: Array<{ rid: string; handle?: string }>;
  updated: number;
  deleted: number;
}

/**
 * A WFS-T Transaction on one layer with the feature services' rules (rights, read-only layers,
 * dictionary validation, versions, data-version bumps) inside ONE database transaction, so any
 * refusal leaves the layer as it was. On PGlite that transaction holds the only connection, so it
 * must be short (issue 17): geometries are read and inserted features checked before it opens, each
 * run of Inserts is one statement and each Delete one per write. Updates go feature by feature
 * through updateFeature, hence their lower cap (WFS_TRANSACTION_MAX_UPDATES).
 */
export async function runTransaction(
  deps: Deps,
  caller: Caller,
  layerId: string,
  xml: string,
): Promise<TransactionResult> {
  const operations = parseTransaction(xml);
  const context = await layerContext(deps.db, caller, layerId);
  const { layer } = context;
  const named = { id: layer.id, typeName: (await publishedNames(deps.db, layer.project_id)).get(layer.id) };
  const published = await wfsColumns(deps.db, { id: layer.id, kind: layer.server_name });
  const columns: TxColumns = {
    fields: new Set(published.filter((c) => c.source === 'field').map((c) => c.name)),
    readOnly: new Set(published.filter((c) => c.source === 'attribute').map((c) => c.name)),
  };
  for (const op of operations) {
    for (const t of op.op === 'insert' ? op.features.map((f) => f.typeName) : [op.typeName])
      if (!namesLayer(named, t)) invalid('typeName', `Unknown type ${t}`);
  }
  // A drawing layer holds one kind; an imported one takes the kind of each geometry.
  const kindOf = (g: FeatureInput['geometry']) =>
    layer.server_name === 'point' || layer.server_name === 'line' || layer.server_name === 'polygon'
      ? layer.server_name
      : kindOfGeometry(g.type);
  const written = operations.flatMap((op): Array<[object, Map<string, TxValue>]> =>
    op.op === 'insert' ? op.features.map((f) => [f, f.values]) : op.op === 'update' ? [[op, op.values]] : [],
  );
  const converted = await prepared(
    deps.db,
    written.map(([, v]) => v),
  );
  const values = new Map(written.map(([key], i) => [key, converted[i]]));
  const inserts = new Map<TxInsertFeature, BulkFeature>();
  for (const f of operations.flatMap((op) => (op.op === 'insert' ? op.features : []))) {
    const input = await inputOf(deps.db, layer, values.get(f)!, { properties: { layer_id: layer.id } }, columns);
    const checked = await checkedNewFeature(deps.db, caller, context, kindOf(input.geometry), input);
    const c = checked.classification;
    inserts.set(f, {
      kind: checked.kind,
      geometry: checked.geometry,
      dictionaryId: c.dictionaryId,
      systemId: c.systemId,
      componentId: c.componentId,
      attributes: c.attributes,
      properties: checked.properties,
      fieldValues: checked.fieldValues,
    });
    if (inserts.size % 100 === 0) await yieldToOtherRequests();
  }
  const target = {
    organizationId: caller.organizationId,
    projectId: layer.project_id,
    layerId: layer.id,
    dictionaryId: null,
    accountId: caller.accountId,
  };
  return deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: joinedTransaction(trx) };
    // The layer may have been locked or disabled while the features were checked.
    const now = await trx
      .selectFrom('layers')
      .select(['read_only', 'is_active'])
      .where('id', '=', layer.id)
      .executeTakeFirstOrThrow();
    if (inserts.size && now.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
    if (inserts.size && !now.is_active) throw badRequest(FEATURE_MSG.layerInactive);
    const result: TransactionResult = { inserted: [], updated: 0, deleted: 0 };
    let pending: Array<{ feature: TxInsertFeature; handle?: string }> = [];
    const flushInserts = async () => {
      if (pending.length === 0) return;
      const ids = await insertFeaturesBulk(
        trx,
        target,
        pending.map((p) => inserts.get(p.feature)!),
      );
      ids.forEach((id, i) =>
        result.inserted.push({ rid: `${inserts.get(pending[i].feature)!.kind}.${id}`, handle: pending[i].handle }),
      );
      pending = [];
    };
    for (const op of operations) {
      if (op.op === 'insert') {
        pending.push(...op.features.map((feature) => ({ feature, handle: feature.handle ?? op.handle })));
        continue;
      }
      await flushInserts();
      const ids = await idsOf(trx, layer, published, op);
      // A filter that matched nothing changes nothing (an empty id list is no SQL list).
      if (ids.length === 0) continue;
      if (op.op === 'delete') {
        result.deleted += await deleteFeatures(
          tx.db,
          caller,
          { ...context, layer: { ...layer, read_only: now.read_only } },
          ids,
          MAP_SERVICE_MSG.transactionFeatureLayer,
        );
        continue;
      }
      for (const id of ids) {
        const base = await currentOf(tx.db, caller, layer.id, id);
        await updateFeature(tx, caller, undefined, id, await inputOf(tx.db, layer, values.get(op)!, base, columns));
        result.updated++;
      }
    }
    await flushInserts();
    return result;
  });
}

/** Each inserted feature also as a WFS 1.1 ogc:FeatureId, which GDAL's WFS-T reads (issue #11). */
export function transactionResponse(r: TransactionResult): string {
  const inserted = r.inserted.length
    ? `\n  <wfs:InsertResults>\n${r.inserted.map((i) => `    <wfs:Feature${i.handle ? ` handle="${xmlEscape(i.handle)}"` : ''}><fes:ResourceId rid="${xmlEscape(i.rid)}"/><ogc:FeatureId fid="${xmlEscape(i.rid)}"/></wfs:Feature>`).join('\n')}\n  </wfs:InsertResults>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:TransactionResponse xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:ogc="http://www.opengis.net/ogc" version="2.0.0">
  <wfs:TransactionSummary>
    <wfs:totalInserted>${r.inserted.length}</wfs:totalInserted>
    <wfs:totalUpdated>${r.updated}</wfs:totalUpdated>
    <wfs:totalReplaced>0</wfs:totalReplaced>
    <wfs:totalDeleted>${r.deleted}</wfs:totalDeleted>
  </wfs:TransactionSummary>${inserted}
</wfs:TransactionResponse>`;
}
