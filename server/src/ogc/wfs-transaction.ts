import { sql } from 'kysely';
import { MAP_SERVICE_MSG, featureInputSchema, type FeatureInput } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import { joinedTransaction } from '../db/joined-transaction.js';
import type { Caller } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { createFeature, deleteFeature, layerContext, load, parseFeatureId, updateFeature } from '../features/service.js';
import { kindOfGeometry } from '../features/routes.js';
import { parseTransaction, type TxValue } from './wfs-transaction-parse.js';
import { typeNameOf } from './wfs.js';
import { OgcError, xmlEscape } from './xml.js';

/** Properties GetFeature outputs that a client may not write (an Insert may echo them back). */
const READ_ONLY = new Set(['ogc_fid', 'created', 'modified', 'created_by_email']);
/** A written value with its geometry already read from GML (before the transaction opens). */
type Value = TxValue | { geojson: FeatureInput['geometry'] };
type Values = Map<string, Value>;
type Classification = Pick<FeatureInput['properties'], 'system_id' | 'component_id'>;

const invalid = (locator: string, text: string): never => { throw new OgcError('InvalidParameterValue', locator, text); };
const textOf = (name: string, v: Value): string | null => (v === null ? null : 'text' in v ? v.text : invalid(name, `${name} takes text, not a geometry`));

/** GML → GeoJSON in EPSG:4326 by PostGIS (GML 2/3, pos/posList/coordinates, the URN lat/lon order). */
async function geoJsonOf(db: Executor, value: TxValue): Promise<FeatureInput['geometry']> {
  if (value === null || !('gml' in value)) return invalid('geometry', 'geometry takes a GML geometry');
  const r = await sql<{ g: string | null }>`
    SELECT ST_AsGeoJSON(ST_Transform(CASE WHEN ST_SRID(g) = 0 THEN ST_SetSRID(g, 4326) ELSE g END, 4326), 9) AS g
    FROM (SELECT ST_GeomFromGML(${value.gml}) AS g) x`.execute(db).catch(() => ({ rows: [] as Array<{ g: string | null }> }));
  return JSON.parse(r.rows[0]?.g ?? invalid('geometry', 'Malformed or unsupported GML geometry'));
}

/** The values with the geometry converted, so a bad GML fails before any write. */
async function prepared(db: Executor, values: Map<string, TxValue>): Promise<Values> {
  const out: Values = new Map(values);
  if (values.has('geometry')) out.set('geometry', { geojson: await geoJsonOf(db, values.get('geometry')!) });
  return out;
}

/** system / component by name (as GetFeature gives them) or id, within the project's dictionary. */
async function classificationOf(db: Executor, dictionaryId: string, values: Values, current: Classification): Promise<Classification> {
  const system = values.has('system_id') ? textOf('system_id', values.get('system_id')!) : values.has('system') ? textOf('system', values.get('system')!) : undefined;
  const component = values.has('component_id') ? textOf('component_id', values.get('component_id')!) : values.has('component') ? textOf('component', values.get('component')!) : undefined;
  if (system === undefined && component === undefined) return { system_id: current.system_id, component_id: current.component_id };
  const systemId = system ? (await db.selectFrom('systems').select('id').where('dictionary_id', '=', dictionaryId)
    .where((eb) => (/^[0-9a-f-]{36}$/i.test(system) ? eb('id', '=', system) : eb('name', '=', system))).executeTakeFirst())?.id ?? invalid('system', `Unknown system ${system}`) : null;
  if (!component) return { system_id: systemId, component_id: null };
  const rows = await db.selectFrom('components').innerJoin('systems', 'systems.id', 'components.system_id').select(['components.id', 'components.system_id'])
    .where('systems.dictionary_id', '=', dictionaryId).$if(!!systemId, (q) => q.where('systems.id', '=', systemId!))
    .where((eb) => (/^[0-9a-f-]{36}$/i.test(component) ? eb('components.id', '=', component) : eb('components.alias', '=', component))).execute();
  if (rows.length !== 1) invalid('component', rows.length ? `Component ${component} is ambiguous; name its system` : `Unknown component ${component}`);
  return { system_id: rows[0].system_id, component_id: rows[0].id };
}

/** A feature's input with the written values applied over `base` (its current state for an Update). */
async function inputOf(db: Executor, layer: { id: string; dictionary_id: string }, values: Values, base: Omit<FeatureInput, 'geometry'> & { geometry?: FeatureInput['geometry'] }, update: boolean): Promise<FeatureInput> {
  const properties = { ...(base.properties.properties ?? {}) } as Record<string, string>;
  // Not yet valid: the schema checks it below, as the feature routes do with their body.
  const input: { geometry?: unknown; properties: Record<string, unknown> } = { ...base, properties: { ...base.properties, layer_id: layer.id, properties } };
  for (const [name, value] of values) {
    if (name === 'geometry') input.geometry = value && 'geojson' in value ? value.geojson : invalid('geometry', 'geometry takes a GML geometry');
    else if (name === 'attributes') input.properties.attributes = textOf(name, value) ?? '[]';
    else if (READ_ONLY.has(name)) { if (update) invalid(name, `${name} is read-only`); }
    else if (!['system', 'system_id', 'component', 'component_id', 'dictionary_id'].includes(name)) {
      const text = textOf(name, value);
      if (text === null) delete properties[name]; else properties[name] = text;
    }
  }
  Object.assign(input.properties, await classificationOf(db, layer.dictionary_id, values, base.properties));
  input.properties.dictionary_id = input.properties.component_id ? layer.dictionary_id : null;
  if (!input.geometry) invalid('geometry', 'A feature needs a geometry');
  const parsed = featureInputSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'app.feature.error.geometry', 'InvalidParameterException', parsed.error.issues);
  return parsed.data;
}

/** A feature of this layer by a ResourceId ("point.12", "12" or "<type>.12"), as an Update input. */
async function currentOf(db: Executor, caller: Caller, layerId: string, rid: string) {
  const { id } = parseFeatureId(rid.replace(/^.*\.(?=\d+$)/, ''));
  const row = await load(db, caller, id);
  if (row.layer_id !== layerId) throw notFound(MAP_SERVICE_MSG.transactionFeatureLayer);
  const base = {
    geometry: JSON.parse(row.geometry),
    properties: { layer_id: row.layer_id, system_id: row.system_id, component_id: row.component_id, attributes: (row.attributes ?? []) as FeatureInput['properties']['attributes'], properties: (row.properties ?? {}) as Record<string, string> },
  };
  return { id, base };
}

export interface TransactionResult { inserted: Array<{ rid: string; handle?: string }>; updated: number; deleted: number }

/**
 * A WFS-T Transaction on one layer: every action goes through the feature services (rights,
 * read-only layers, dictionary validation, versions, data-version bumps) inside ONE database
 * transaction, so any refusal leaves the layer as it was. Geometries are read before it opens.
 */
export async function runTransaction(deps: Deps, caller: Caller, layerId: string, xml: string): Promise<TransactionResult> {
  const operations = parseTransaction(xml);
  const { layer } = await layerContext(deps.db, caller, layerId);
  const local = typeNameOf(layer.id).slice(3);
  for (const op of operations) {
    for (const t of op.op === 'insert' ? op.features.map((f) => f.typeName) : [op.typeName]) if (t !== local) invalid('typeName', `Unknown type ${t}`);
  }
  // A drawing layer holds one kind; an imported one takes the kind of each geometry.
  const { server_name: kind } = await deps.db.selectFrom('layers').select('server_name').where('id', '=', layer.id).executeTakeFirstOrThrow();
  const kindOf = (g: FeatureInput['geometry']) => (kind === 'point' || kind === 'line' || kind === 'polygon' ? kind : kindOfGeometry(g.type));
  const values = new Map<object, Values>();
  for (const op of operations) {
    if (op.op === 'insert') for (const f of op.features) values.set(f, await prepared(deps.db, f.values));
    if (op.op === 'update') values.set(op, await prepared(deps.db, op.values));
  }
  return deps.db.transaction().execute(async (trx) => {
    const tx = { ...deps, db: joinedTransaction(trx) };
    const result: TransactionResult = { inserted: [], updated: 0, deleted: 0 };
    for (const op of operations) {
      if (op.op === 'insert') {
        for (const f of op.features) {
          const input = await inputOf(tx.db, layer, values.get(f)!, { properties: { layer_id: layer.id } }, false);
          const created = await createFeature(tx, caller, kindOf(input.geometry), input);
          result.inserted.push({ rid: created.id, handle: f.handle ?? op.handle });
        }
        continue;
      }
      for (const rid of op.ids) {
        const { id, base } = await currentOf(tx.db, caller, layer.id, rid);
        if (op.op === 'delete') { await deleteFeature(tx, caller, id); result.deleted++; continue; }
        await updateFeature(tx, caller, undefined, id, await inputOf(tx.db, layer, values.get(op)!, base, true));
        result.updated++;
      }
    }
    return result;
  });
}

export function transactionResponse(r: TransactionResult): string {
  const inserted = r.inserted.length
    ? `\n  <wfs:InsertResults>\n${r.inserted.map((i) => `    <wfs:Feature${i.handle ? ` handle="${xmlEscape(i.handle)}"` : ''}><fes:ResourceId rid="${xmlEscape(i.rid)}"/></wfs:Feature>`).join('\n')}\n  </wfs:InsertResults>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:TransactionResponse xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" version="2.0.0">
  <wfs:TransactionSummary>
    <wfs:totalInserted>${r.inserted.length}</wfs:totalInserted>
    <wfs:totalUpdated>${r.updated}</wfs:totalUpdated>
    <wfs:totalReplaced>0</wfs:totalReplaced>
    <wfs:totalDeleted>${r.deleted}</wfs:totalDeleted>
  </wfs:TransactionSummary>${inserted}
</wfs:TransactionResponse>`;
}
