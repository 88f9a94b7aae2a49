import { sql, type RawBuilder } from 'kysely';
import {
  FEATURE_LAYER_SERVER_NAMES,
  attributeTypeName,
  componentTypeForKind,
  isReservedFieldName,
  launderFieldName,
  sortedFields,
  type AttributeTypeName,
  type FeatureKind,
  type FieldType,
  type LayerField,
} from '@fieldbook/domain';
import type { Executor } from '../db/types.js';

/**
 * The typed columns a layer publishes in WFS beside the fixed properties (issue #10 §1): its own
 * fields (values in `features.field_values`) and, for a drawing layer (classified by the project's
 * dictionary), each dictionary attribute of its geometry's components by name (values in
 * `features.attributes`, read-only here: the classification is written through `attributes`).
 */
export interface WfsColumn {
  name: string;
  type: FieldType;
  source: 'field' | 'attribute';
  /** For dictionary columns: the attribute ids (one per component) that carry this name. */
  attributeIds?: string[];
}

export const XSD_TYPE: Record<FieldType, string> = {
  text: 'xsd:string',
  integer: 'xsd:long',
  real: 'xsd:double',
  boolean: 'xsd:boolean',
  date: 'xsd:date',
  datetime: 'xsd:dateTime',
};

/** Dictionary attribute types as field types; times and MM/DD/YYYY hh:mm timestamps stay text. */
const ATTRIBUTE_FIELD_TYPE: Partial<Record<AttributeTypeName, FieldType>> = {
  Int: 'integer',
  Double: 'real',
  Boolean: 'boolean',
  Date: 'date',
};

const isDrawingLayer = (kind: string | null): kind is FeatureKind =>
  (FEATURE_LAYER_SERVER_NAMES as readonly string[]).includes(kind ?? '');

/** A layer's WFS columns: its fields in order, then the dictionary attributes whose name no field or fixed property takes. */
export async function wfsColumns(db: Executor, layer: { id: string; kind: string | null }): Promise<WfsColumn[]> {
  const row = await db.selectFrom('layers').select('fields').where('id', '=', layer.id).executeTakeFirst();
  const fields = sortedFields((row?.fields ?? []) as LayerField[]);
  const columns: WfsColumn[] = fields.map((f) => ({ name: f.name, type: f.type, source: 'field' }));
  if (!isDrawingLayer(layer.kind)) return columns;
  const attributes = await db
    .selectFrom('attributes')
    .innerJoin('components', 'components.id', 'attributes.component_id')
    .innerJoin('component_types', 'component_types.id', 'components.component_type_id')
    .innerJoin('systems', 'systems.id', 'components.system_id')
    .innerJoin('projects', 'projects.dictionary_id', 'systems.dictionary_id')
    .innerJoin('layers', 'layers.project_id', 'projects.id')
    .select(['attributes.id', 'attributes.name', 'attributes.type_id'])
    .where('layers.id', '=', layer.id)
    .where('component_types.name', '=', componentTypeForKind[layer.kind])
    .orderBy('systems.sort_order')
    .orderBy('components.sort_order')
    .orderBy('attributes.sort_order')
    .execute();
  const taken = new Map(columns.map((c) => [c.name.toLowerCase(), c]));
  for (const a of attributes) {
    const name = launderFieldName(a.name);
    const type = ATTRIBUTE_FIELD_TYPE[attributeTypeName(a.type_id) ?? 'Text'] ?? 'text';
    const same = taken.get(name.toLowerCase());
    if (!same) {
      if (isReservedFieldName(name)) continue;
      const column: WfsColumn = { name, type, source: 'attribute', attributeIds: [a.id] };
      columns.push(column);
      taken.set(name.toLowerCase(), column);
    } else if (same.source === 'attribute') {
      // One name on several components: one column; differing types publish text.
      same.attributeIds!.push(a.id);
      if (same.type !== type) same.type = 'text';
    }
  }
  return columns;
}

/** Values of a dictionary attribute as typed JSON: numbers, booleans and MM/DD/YYYY dates converted. */
const typedAttribute = (type: FieldType, v: RawBuilder<unknown>) => {
  switch (type) {
    case 'integer':
      return sql`CASE WHEN ${v} ~ '^-?[0-9]+$' THEN to_jsonb(${v}::numeric) END`;
    case 'real':
      return sql`CASE WHEN ${v} ~ '^-?[0-9]+(\\.[0-9]+)?$' THEN to_jsonb(${v}::numeric) END`;
    case 'boolean':
      return sql`CASE ${v} WHEN 'true' THEN 'true'::jsonb WHEN 'false' THEN 'false'::jsonb END`;
    case 'date':
      return sql`CASE WHEN ${v} ~ '^[0-9]{2}/[0-9]{2}/[0-9]{4}$' THEN to_jsonb(substr(${v}, 7, 4) || '-' || substr(${v}, 1, 2) || '-' || substr(${v}, 4, 2)) END`;
    default:
      return sql`to_jsonb(${v})`;
  }
};

/**
 * A jsonb object of the feature's dictionary attribute values keyed by column name, from the row
 * alias `f` (one subquery per feature, skipped for unclassified features); null when the layer
 * publishes no dictionary columns.
 */
export function attributeValuesSql(columns: WfsColumn[]): RawBuilder<unknown> | null {
  const pairs = columns.flatMap((c) => (c.source === 'attribute' ? c.attributeIds!.map((id) => ({ id, c })) : []));
  if (pairs.length === 0) return null;
  const v = sql`(x->>'attributeValue')`;
  const cases = sql.join(
    pairs.map(
      ({ id, c }) => sql`WHEN ${id}::text THEN jsonb_build_object(${c.name}::text, ${typedAttribute(c.type, v)})`,
    ),
    sql` `,
  );
  return sql`CASE WHEN jsonb_array_length(f.attributes) = 0 THEN NULL ELSE (
    SELECT jsonb_object_agg(k.key, k.value) FROM jsonb_array_elements(f.attributes) x,
      LATERAL jsonb_each(CASE x->>'attributeId' ${cases} END) k) END`;
}

/** A column's value as jsonb, from `field_values` (fv) or the attribute object (av) of the row alias. */
export const columnJson = (c: WfsColumn, row: string) =>
  c.source === 'field'
    ? sql`${sql.ref(`${row}.field_values`)}->${c.name}::text`
    : sql`${sql.ref(`${row}.attribute_values`)}->${c.name}::text`;

/** A column's value as XML-escaped text (GML), null when absent. */
export const columnXmlText = (c: WfsColumn, row: string) =>
  sql`replace(replace(replace(${columnJson(c, row)}#>>'{}', '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;
