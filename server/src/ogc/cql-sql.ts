import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';
import { parseCql, type CqlNode, type Literal } from './cql.js';
import { toLonLatBox } from './crs.js';
import { OgcError } from './xml.js';
import type { WfsColumn } from './wfs-columns.js';

const fail = (message: string): never => {
  throw new OgcError('InvalidParameterValue', 'cql_filter', message);
};

type Kind = 'number' | 'text' | 'time' | 'boolean' | 'attribute';
interface Property {
  expr: RawBuilder<unknown>;
  kind: Kind;
}

/** The feature properties a filter can name (as WFS GetFeature gives them); other names are attributes. */
const BUILT_IN: Record<string, Property> = {
  ogc_fid: { expr: sql`f.id`, kind: 'number' },
  id: { expr: sql`f.id`, kind: 'number' },
  kind: { expr: sql`f.kind`, kind: 'text' },
  system: { expr: sql`s.name`, kind: 'text' },
  component: { expr: sql`c.alias`, kind: 'text' },
  created_by_email: { expr: sql`ca.email`, kind: 'text' },
  created: { expr: sql`f.created_at`, kind: 'time' },
  modified: { expr: sql`f.updated_at`, kind: 'time' },
};

function propertiesOf(node: CqlNode, out = new Set<string>()): Set<string> {
  if (node.op === 'and' || node.op === 'or') {
    propertiesOf(node.left, out);
    propertiesOf(node.right, out);
  } else if (node.op === 'not') propertiesOf(node.expr, out);
  else if ('property' in node) out.add(node.property);
  return out;
}

/**
 * A dictionary attribute by name: its value in the feature's attribute list (stored by attribute id),
 * else a free property of that name.
 */
async function attributeProperties(
  db: Executor,
  dictionaryId: string | null,
  names: string[],
): Promise<Map<string, Property>> {
  const rows =
    dictionaryId && names.length
      ? await db
          .selectFrom('attributes')
          .innerJoin('components', 'components.id', 'attributes.component_id')
          .innerJoin('systems', 'systems.id', 'components.system_id')
          .select(['attributes.id', 'attributes.name'])
          .where('systems.dictionary_id', '=', dictionaryId)
          .where((eb) =>
            eb(
              eb.fn('lower', ['attributes.name']),
              'in',
              names.map((n) => n.toLowerCase()),
            ),
          )
          .execute()
      : [];
  const out = new Map<string, Property>();
  for (const name of names) {
    const ids = rows.filter((r) => r.name.toLowerCase() === name.toLowerCase()).map((r) => r.id);
    const fromList = ids.length
      ? sql`(SELECT e->>'attributeValue' FROM jsonb_array_elements(f.attributes) e WHERE e->>'attributeId' IN (${sql.join(ids)}) LIMIT 1)`
      : sql`NULL::text`;
    out.set(name, { expr: sql`coalesce(${fromList}, f.properties->>${name})`, kind: 'attribute' });
  }
  return out;
}

/** A text value as a number when it is one, else NULL (never a cast error). */
const asNumber = (e: RawBuilder<unknown>) =>
  sql`(CASE WHEN ${e} ~ '^\\s*-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?\\s*$' THEN (${e})::numeric END)`;

/** A number, or text that is one (Filter Encoding literals are always text). */
const NUMBER_TEXT = /^\s*-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?\s*$/;
const numberOf = (value: Literal): number =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && NUMBER_TEXT.test(value)
      ? Number(value)
      : fail('A number is expected here');

function operand(
  p: Property,
  value: Literal,
  numeric: boolean,
): { left: RawBuilder<unknown>; right: RawBuilder<unknown> } {
  if (p.kind === 'number') return { left: p.expr, right: sql`${numberOf(value)}::numeric` };
  if (p.kind === 'boolean') {
    const text = String(value).toLowerCase();
    return { left: p.expr, right: sql`${text === '1' || text === 'true' ? 'true' : 'false'}::text` };
  }
  if (p.kind === 'time') {
    const t = typeof value === 'string' ? Date.parse(value) : NaN;
    if (!Number.isFinite(t)) fail('A date and time is expected here');
    return { left: p.expr, right: sql`${new Date(t).toISOString()}::timestamptz` };
  }
  if (p.kind === 'attribute' && numeric) return { left: asNumber(p.expr), right: sql`${value}::numeric` };
  return { left: p.expr, right: sql`${String(value)}::text` };
}

const CMP = { '=': sql`=`, '<>': sql`<>`, '<': sql`<`, '>': sql`>`, '<=': sql`<=`, '>=': sql`>=` };

function compile(node: CqlNode, props: Map<string, Property>): RawBuilder<unknown> {
  const prop = (name: string) => props.get(name)!;
  switch (node.op) {
    case 'and':
      return sql`(${compile(node.left, props)} AND ${compile(node.right, props)})`;
    case 'or':
      return sql`(${compile(node.left, props)} OR ${compile(node.right, props)})`;
    case 'not':
      return sql`(NOT coalesce(${compile(node.expr, props)}, false))`;
    case 'compare': {
      const { left, right } = operand(prop(node.property), node.value, typeof node.value === 'number');
      return sql`(${left} ${CMP[node.cmp]} ${right})`;
    }
    case 'between': {
      const numeric = typeof node.low === 'number' && typeof node.high === 'number';
      const lo = operand(prop(node.property), node.low, numeric);
      const hi = operand(prop(node.property), node.high, numeric);
      return sql`(${lo.left} BETWEEN ${lo.right} AND ${hi.right})`;
    }
    case 'like': {
      const p = prop(node.property);
      const text = p.kind === 'text' || p.kind === 'attribute' ? p.expr : sql`(${p.expr})::text`;
      return sql`(${text} ${node.negate ? sql`NOT ` : sql``}${node.insensitive ? sql`ILIKE` : sql`LIKE`} ${node.pattern})`;
    }
    case 'in': {
      const numeric = node.values.every((v) => typeof v === 'number');
      const parts = node.values.map((v) => operand(prop(node.property), v, numeric));
      return sql`(${parts[0].left} ${node.negate ? sql`NOT IN` : sql`IN`} (${sql.join(parts.map((x) => x.right))}))`;
    }
    case 'null':
      return sql`(${prop(node.property).expr} IS ${node.negate ? sql`NOT NULL` : sql`NULL`})`;
    case 'bbox': {
      if (node.box[0] > node.box[2] || node.box[1] > node.box[3]) fail('BBOX minimum must not exceed its maximum');
      const [x1, y1, x2, y2] = toLonLatBox(...node.box, node.srs ?? 'EPSG:4326');
      return sql`(f.geom && ST_MakeEnvelope(${x1}::float8, ${y1}::float8, ${x2}::float8, ${y2}::float8, 4326))`;
    }
    case 'intersects':
      return sql`ST_Intersects(f.geom, ST_GeomFromText(${node.wkt}, 4326))`;
    case 'intersects-geojson': {
      const shape = sql`ST_SetSRID(ST_GeomFromGeoJSON(${node.geojson}::text), ${node.srid}::int)`;
      return sql`ST_Intersects(f.geom, ${node.srid === 4326 ? shape : sql`ST_Transform(${shape}, 4326)`})`;
    }
    case 'ids':
      return node.ids.length ? sql`(f.id IN (${sql.join(node.ids.map((id) => sql`${id}::bigint`))}))` : sql`false`;
  }
}

function wktOf(node: CqlNode, out: string[] = []): string[] {
  if (node.op === 'and' || node.op === 'or') {
    wktOf(node.left, out);
    wktOf(node.right, out);
  } else if (node.op === 'not') wktOf(node.expr, out);
  else if (node.op === 'intersects') out.push(node.wkt);
  return out;
}

/** A layer field's value in `field_values`, typed; a value not of the field's type (left by a type change) is NULL. */
function fieldProperty(c: WfsColumn): Property {
  const json = sql`f.field_values->${c.name}::text`;
  const text = sql`(f.field_values->>${c.name}::text)`;
  switch (c.type) {
    case 'integer':
    case 'real':
      return { expr: sql`(CASE WHEN jsonb_typeof(${json}) = 'number' THEN ${text}::numeric END)`, kind: 'number' };
    case 'date':
    case 'datetime':
      return {
        expr: sql`(CASE WHEN ${text} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN ${text}::timestamptz END)`,
        kind: 'time',
      };
    case 'boolean':
      return { expr: text, kind: 'boolean' };
    default:
      return { expr: text, kind: 'text' };
  }
}

/**
 * cql_filter text or a parsed tree (cql.ts, fes.ts) → a parameterized SQL condition on `features f`
 * (with systems s, components c and accounts ca joined). Names resolve to the fixed properties, then
 * the layer's typed fields (`columns`), then dictionary attributes and free properties. Unknown
 * syntax and malformed geometries are OGC InvalidParameterValue errors.
 */
export async function cqlToSql(
  db: Executor,
  dictionaryId: string | null,
  filter: string | CqlNode,
  columns: WfsColumn[] = [],
): Promise<RawBuilder<unknown>> {
  const tree = typeof filter === 'string' ? parseCql(filter) : filter;
  const names = [...propertiesOf(tree)];
  const props = new Map<string, Property>();
  const fields = new Map(columns.filter((c) => c.source === 'field').map((c) => [c.name.toLowerCase(), c]));
  for (const n of names) {
    const field = fields.get(n.toLowerCase());
    if (BUILT_IN[n.toLowerCase()]) props.set(n, BUILT_IN[n.toLowerCase()]);
    else if (field) props.set(n, fieldProperty(field));
  }
  for (const [n, p] of await attributeProperties(
    db,
    dictionaryId,
    names.filter((n) => !props.has(n)),
  ))
    props.set(n, p);
  for (const wkt of wktOf(tree)) {
    const ok = await sql<{ ok: boolean }>`SELECT ST_IsValid(ST_GeomFromText(${wkt}, 4326)) AS ok`.execute(db).then(
      (r) => r.rows[0]?.ok !== undefined,
      () => false,
    );
    if (!ok) fail(`Malformed WKT ${wkt.slice(0, 60)}`);
  }
  return compile(tree, props);
}
