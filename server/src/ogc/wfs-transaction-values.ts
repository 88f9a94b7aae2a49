import { sql } from 'kysely';
import { featureInputSchema, MAP_SERVICE_MSG, type FeatureInput } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { load } from '../features/service.js';
import type { TxValue, XmlNode } from './wfs-transaction-parse.js';
import { gmlGeometry } from './gml-geometry.js';
import { OgcError } from './xml.js';

/**
 * The values a WFS-T Insert or Update writes, turned into a feature's input with the feature
 * services' rules: GML geometries read (and reprojected) before the database transaction opens,
 * classification by name or id, typed fields, free properties; read-only columns ignored.
 */
/**
 * Properties GetFeature outputs that a client may not write: ignored, since GDAL and QGIS send every
 * column back (issue #11), dictionary attribute columns included (`writable` in inputOf).
 */
const READ_ONLY = new Set(['ogc_fid', 'gml_id', 'created', 'modified', 'created_by_email']);
/** The layer's typed columns as a Transaction writes them: its fields, and the read-only dictionary ones. */
export interface TxColumns {
  fields: Set<string>;
  readOnly: Set<string>;
}
/** A written value with its geometry already read from GML (before the transaction opens). */
type Value = TxValue | { geojson: FeatureInput['geometry'] };
type Values = Map<string, Value>;
type Classification = Pick<FeatureInput['properties'], 'system_id' | 'component_id'>;

export const invalid = (locator: string, text: string): never => {
  throw new OgcError('InvalidParameterValue', locator, text);
};
/**
 * PGlite answers on the microtask queue, so a loop of queries never lets the event loop take other
 * requests' I/O: another organization waited for the whole loop. Long loops yield now and then.
 */
export const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));
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
export async function prepared(db: Executor, all: Array<Map<string, TxValue>>): Promise<Values[]> {
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
export async function inputOf(
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
export async function currentOf(db: Executor, caller: Caller, layerId: string, id: string) {
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
