/**
 * The search benchmark's data (issue #13 "Speed"): an organization signed up through the API, a project
 * on a copy of the APWA utility-locating dictionary with a feature folder (its drawing layers are
 * classified by that dictionary), typed fields on the line layer, then N pipe features written straight
 * into `features` by `INSERT … SELECT generate_series` — 100,000 rows a statement, deterministic values
 * from hashes of the row number. Each feature has the attributes of its component (Owner, Material,
 * Size (in), Locate Status, Locate Date) and field values (asset_id, street, diameter, installed):
 *
 * - Owner is one of 200 place-like words (20 stems × 10 endings) and its system's utility name, so a
 *   word such as SEARCH_WORD is in ~0.5 % of the rows;
 * - Material is one of its component's pick-list values (12 distinct over the 5 components);
 * - diameter (and Size (in)) one of 11 pipe sizes, installed a date in 1950–2024, street one of 100.
 */
import { performance } from 'node:perf_hooks';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../server/src/db/connect.js';
import { apwaTemplate } from '../server/src/dictionaries/templates/apwa.js';
import { signedUpApp, US, type BenchApp } from './map-setup.js';

const STEMS = ['North', 'South', 'East', 'West', 'Lake', 'River', 'Hill', 'Oak', 'Pine', 'Cedar'];
const STEMS2 = ['Stone', 'Green', 'Red', 'Silver', 'Gold', 'Iron', 'Maple', 'Elm', 'Ash', 'Fair'];
const ENDINGS = ['field', 'wood', 'brook', 'ford', 'ton', 'ville', 'dale', 'port', 'ridge', 'view'];
/** The 200 owner words: Northfield, Northwood … Fairview. */
export const OWNERS = [...STEMS, ...STEMS2].flatMap((s) => ENDINGS.map((e) => s + e));
/** The searched word (one owner word, ~0.5 % of the features). */
export const SEARCH_WORD = 'Cedarbrook';
const STREET_NAMES = ['Main', 'Church', 'Mill', 'Park', 'Spring', 'Union', 'Market', 'Bridge', 'School', 'Center'];
const STREET_NAMES2 = ['Washington', 'Lincoln', 'Jefferson', 'Franklin', 'Madison', 'Jackson', 'Adams', 'Grant'];
const STREET_NAMES3 = ['Highland', 'Walnut', 'Chestnut', 'Willow', 'Sunset', 'Meadow', 'Prospect'];
const STREET_TYPES = ['Street', 'Avenue', 'Road', 'Lane'];
const STREETS = [...STREET_NAMES, ...STREET_NAMES2, ...STREET_NAMES3].flatMap((n) =>
  STREET_TYPES.map((t) => `${n} ${t}`),
);
const SIZES = [2, 4, 6, 8, 10, 12, 16, 20, 24, 30, 36];
const STATUS = ['Marked', 'Clear / No Conflict', 'Conflict', 'Unable to Locate'];
/** The line components the features belong to, the asset id prefix and the owner's utility name. */
const COMPONENTS = [
  ['Water Main', 'WM', 'Water District'],
  ['Sanitary Sewer', 'SS', 'Sewer Authority'],
  ['Storm Drain', 'SD', 'Stormwater Utility'],
  ['Gas Main', 'GM', 'Gas Company'],
  ['Reclaimed Main', 'RW', 'Water District'],
] as const;

/** The layer's typed fields (issue #10): what an import of a pipe inventory would give it. */
const FIELDS = [
  { name: 'asset_id', type: 'text', order: 0 },
  { name: 'street', type: 'text', order: 1 },
  { name: 'diameter', type: 'real', order: 2 },
  { name: 'installed', type: 'date', order: 3 },
];

type Attribute = { id: string; name: string };
type Component = { id: string; alias: string; attributes: Attribute[] };
type System = { id: string; name: string; components: Component[] };

export interface SearchFixture extends BenchApp {
  organizationId: string;
  projectId: string;
  /** The drawing layers of the feature folder (point, line, polygon); the features are in `layerId`. */
  layerIds: string[];
  layerId: string;
  /** The ids of the Material attribute of the five components, for the bare SQL references. */
  materialIds: string[];
  loadSeconds: number;
}

/** Builds the app, project and layer through the API, then fills `n` features by SQL. */
export async function buildSearchFixture(
  database: Database,
  n: number,
  dataDir: string,
  log: (s: string) => void,
): Promise<SearchFixture> {
  const a = await signedUpApp(database, dataDir, { given: 'Search', family: 'Bench' });
  const { json, auth } = a;
  const templates = await json('GET', '/rest/dictionaries?flat=true', undefined, auth);
  const apwa = templates.find((d: { name: string }) => d.name === apwaTemplate.name);
  const dictionary = await json('POST', `/rest/dictionaries/copy/${apwa.id}`, { name: 'Locates' }, auth);
  const project = await json('POST', '/rest/projects', { name: 'Pipes', dataDictionaryId: dictionary.id }, auth);
  const folder = await json('POST', `/rest/projects/${project.id}/addFeatureFolder`, {}, auth);
  const line = folder.layers.find((l: { serverName: string }) => l.serverName === 'line');
  await json(
    'PUT',
    `/rest/projects/${project.id}/folders/${folder.id}/layers`,
    { id: line.id, name: line.name, fields: FIELDS },
    auth,
  );

  const systems = dictionary.systems as System[];
  const attribute = (c: Component, name: string) => c.attributes.find((x) => x.name === name)!.id;
  const components = COMPONENTS.map(([alias, prefix, utility], k) => {
    const system = systems.find((s) => s.components.some((c) => c.alias === alias))!;
    const c = system.components.find((x) => x.alias === alias)!;
    const materials = apwaTemplate.systems
      .flatMap((s) => s.components)
      .find((x) => x.alias === alias)!
      .attributes.find((x) => x.name === 'Material')!.values!;
    return {
      k,
      system_id: system.id,
      component_id: c.id,
      owner: attribute(c, 'Owner'),
      material: attribute(c, 'Material'),
      size: attribute(c, 'Size (in)'),
      status: attribute(c, 'Locate Status'),
      located: attribute(c, 'Locate Date'),
      prefix,
      utility,
      materials,
    };
  });

  // r(k): a number in [0, 1) from the row number, a different one for each k.
  const r = (k: number) => sql`((hashint8extended(i::bigint, ${k}::bigint) & 1099511627775)::float8 / 1099511627776)`;
  const pick = (values: RawBuilder<unknown>, k: number) =>
    sql`(${values})[1 + floor(${r(k)} * cardinality(${values}))::int]`;
  const owners = sql`${OWNERS}::text[]`;
  const streets = sql`${STREETS}::text[]`;
  const sizes = sql`${SIZES}::int[]`;
  const statuses = sql`${STATUS}::text[]`;
  const fill = (from: number, to: number) => sql`
    INSERT INTO features (organization_id, project_id, layer_id, kind, geom, dictionary_id, system_id, component_id,
      attributes, properties, field_values, created_by, updated_by)
    SELECT ${project.organizationId}::uuid, ${project.id}::uuid, ${line.id}::uuid, 'line',
      ST_SetSRID(ST_MakeLine(ST_MakePoint(v.x, v.y), ST_MakePoint(v.x + 0.0005, v.y + 0.0003)), 4326),
      ${dictionary.id}::uuid, c.system_id, c.component_id,
      jsonb_build_array(
        jsonb_build_object('attributeId', c.owner, 'attributeValue', v.owner || ' ' || c.utility),
        jsonb_build_object('attributeId', c.material, 'attributeValue', mt.material),
        jsonb_build_object('attributeId', c.size, 'attributeValue', v.size::text),
        jsonb_build_object('attributeId', c.status, 'attributeValue', v.status),
        jsonb_build_object('attributeId', c.located, 'attributeValue', to_char(v.located, 'MM/DD/YYYY'))),
      CASE WHEN i % 50 = 0 THEN jsonb_build_object('note', 'Relined ' || (2000 + i % 25)) ELSE '{}'::jsonb END,
      jsonb_build_object('asset_id', c.prefix || '-' || lpad(i::text, 7, '0'), 'street', v.street,
        'diameter', v.size, 'installed', to_char(v.installed, 'YYYY-MM-DD')),
      ${a.accountId}::uuid, ${a.accountId}::uuid
    FROM generate_series(${from}::int, ${to}::int) i
    CROSS JOIN LATERAL (SELECT floor(${r(1)} * 5)::int AS k,
      ${US.west}::float8 + ${r(2)} * ${US.east - US.west}::float8 AS x,
      ${US.south}::float8 + ${r(3)} * ${US.north - US.south}::float8 AS y,
      ${pick(owners, 4)} AS owner, ${pick(streets, 5)} AS street, ${pick(sizes, 6)} AS size,
      ${pick(statuses, 7)} AS status, date '1950-01-01' + floor(${r(8)} * 27393)::int AS installed,
      date '2020-01-01' + floor(${r(9)} * 1827)::int AS located, ${r(10)} AS m) v
    JOIN jsonb_to_recordset(${JSON.stringify(components)}::jsonb) AS c(k int, system_id uuid, component_id uuid,
      owner text, material text, size text, status text, located text, prefix text, utility text, materials text[])
      ON c.k = v.k
    CROSS JOIN LATERAL (SELECT c.materials[1 + floor(v.m * cardinality(c.materials))::int] AS material) mt`;
  const t0 = performance.now();
  const chunk = 100_000;
  for (let done = 0; done < n; done += chunk) {
    await fill(done + 1, Math.min(n, done + chunk)).execute(database.db);
    log(`  features: ${Math.min(n, done + chunk).toLocaleString('en')} of ${n.toLocaleString('en')}`);
  }
  const loadSeconds = (performance.now() - t0) / 1000;
  return {
    ...a,
    organizationId: project.organizationId,
    projectId: project.id,
    layerIds: folder.layers.map((l: { id: string }) => l.id),
    layerId: line.id,
    materialIds: components.map((c) => c.material),
    loadSeconds,
  };
}
