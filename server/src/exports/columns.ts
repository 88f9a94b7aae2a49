import { sql, type RawBuilder } from 'kysely';
import { attributeTypeName, type FieldType } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';

/**
 * One column of an exported layer: its name, its type and the SQL (over the page row `p`) giving its
 * value as text, NULL for none. Numbers reach it only when they are numbers (a stray text value in a
 * numeric field would make a reader refuse the row); booleans are 'true'/'false'. Each format renders
 * the text its own way (text-formats.ts).
 */
export interface ExportColumn {
  name: string;
  type: FieldType | 'integer64';
  text: RawBuilder<string | null>;
}

/** The `.csvt` type GDAL's CSV driver reads for each column type. */
export const CSVT_TYPES: Record<ExportColumn['type'], string> = {
  text: 'String',
  integer: 'Integer',
  integer64: 'Integer64',
  real: 'Real',
  boolean: 'Integer(Boolean)',
  date: 'Date',
  datetime: 'DateTime',
};

/** Dictionary attribute type names (spec 2) to field types; everything else is text. */
const DICTIONARY_TYPE_BY_NAME: Record<string, FieldType> = { Int: 'integer', Double: 'real', Boolean: 'boolean' };

const NUMBER = '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$';

/** The text of a value read as text by `value`, kept only when it fits `type`. */
function textOf(type: FieldType, value: RawBuilder<unknown>): RawBuilder<string | null> {
  switch (type) {
    case 'integer':
    case 'real':
      return sql`CASE WHEN ${value} ~ ${NUMBER} THEN ${value} END`;
    case 'boolean':
      return sql`CASE WHEN ${value} IN ('true', 'false') THEN ${value} END`;
    default:
      return sql`${value}`;
  }
}

interface ColumnSource {
  /** The layer's own typed fields (migration 013). */
  fields: Array<{ name: string; type: string; order: number }>;
  /** The project's dictionary, when the layer holds dictionary-classified features. */
  dictionaryId: string | null;
  measurementFields: string[];
  /** Field names the request asks for; all when absent. */
  only?: string[];
}

/** Measurement fields (spec §9): Elevation is the point's z; the others come from the feature's metadata. */
function measurementColumn(name: string): ExportColumn {
  const value =
    name === 'Elevation'
      ? sql`CASE WHEN ST_Zmflag(p.g) >= 2 AND ST_Dimension(p.g) = 0 THEN ST_Z(ST_GeometryN(p.g, 1))::text END`
      : sql`coalesce(p.metadata->>${name.toLowerCase()}, p.metadata->>${name})`;
  return { name, type: 'real', text: textOf('real', value) };
}

/**
 * The columns of a layer's export (DESIGN §5): the feature id, then for a dictionary layer `system`,
 * `component` and each dictionary attribute by name, then the layer's typed fields in order, then the
 * chosen measurement fields. Names are unique case-insensitively (the first wins).
 */
export async function exportColumns(db: Executor, source: ColumnSource): Promise<ExportColumn[]> {
  const columns: ExportColumn[] = [{ name: 'ogc_fid', type: 'integer64', text: sql`p.id::text` }];
  if (source.dictionaryId) {
    columns.push({ name: 'system', type: 'text', text: sql`p.system_name` });
    columns.push({ name: 'component', type: 'text', text: sql`p.component_alias` });
    const attributes = await db
      .selectFrom('attributes')
      .innerJoin('components', 'components.id', 'attributes.component_id')
      .innerJoin('systems', 'systems.id', 'components.system_id')
      .select(['attributes.name', 'attributes.type_id'])
      .where('systems.dictionary_id', '=', source.dictionaryId)
      .orderBy('systems.sort_order')
      .orderBy('components.sort_order')
      .orderBy('attributes.sort_order')
      .execute();
    for (const a of attributes) {
      const type = DICTIONARY_TYPE_BY_NAME[attributeTypeName(a.type_id) ?? ''] ?? 'text';
      columns.push({ name: a.name, type, text: textOf(type, sql`p.dictionary_values->>${a.name}`) });
    }
  }
  for (const f of [...source.fields].sort((a, b) => a.order - b.order)) {
    const type = f.type as FieldType;
    columns.push({ name: f.name, type, text: textOf(type, sql`p.field_values->>${f.name}`) });
  }
  for (const name of source.measurementFields) columns.push(measurementColumn(name));

  const seen = new Set<string>();
  const wanted = source.only && new Set(source.only.map((n) => n.toLowerCase()));
  return columns.filter((c) => {
    const key = c.name.toLowerCase();
    if (seen.has(key) || (wanted && key !== 'ogc_fid' && !wanted.has(key))) return false;
    seen.add(key);
    return true;
  });
}
