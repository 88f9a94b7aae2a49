import {
  SEARCH_DEFAULT_COLUMNS,
  attributeTypeName,
  type FieldType,
  type SearchMappingField,
  type SearchMappingType,
} from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import { wfsColumns, type WfsColumn } from '../ogc/wfs-columns.js';
import type { SearchedLayer } from './layers.js';

/**
 * A layer's searchable columns (the spec's "mappings"): its typed fields, for a drawing layer its
 * system, component and dictionary attributes, attribute names registered for search
 * (`POST /rest/component-attributes/search-index`, read from the feature's free properties), then the
 * feature's times. The first SEARCH_DEFAULT_COLUMNS are the table's default columns (spec §9).
 */

const MAPPING_TYPE: Record<FieldType, SearchMappingType> = {
  text: 'text',
  integer: 'long',
  real: 'double',
  boolean: 'boolean',
  date: 'date',
  datetime: 'date',
};

const REGISTERED_TYPE: Partial<Record<string, SearchMappingType>> = {
  Int: 'long',
  Double: 'double',
  Boolean: 'boolean',
  Date: 'date',
  Timestamp: 'date',
};

export interface LayerMapping {
  /** The layer's columns in table order. */
  fields: SearchMappingField[];
  /** Its dictionary attribute columns, for reading their values (ogc/wfs-columns.ts). */
  columns: WfsColumn[];
}

export async function layerMapping(db: Executor, layer: SearchedLayer): Promise<LayerMapping> {
  const columns = await wfsColumns(db, { id: layer.id, kind: layer.kind });
  const fields: Array<Omit<SearchMappingField, 'default'>> = [];
  const taken = new Set<string>();
  const add = (name: string, type: SearchMappingType) => {
    if (taken.has(name.toLowerCase())) return;
    taken.add(name.toLowerCase());
    fields.push({ name, title: name, type });
  };
  const own = columns.filter((c) => c.source === 'field');
  for (const c of own) add(c.name, MAPPING_TYPE[c.type]);
  if (layer.dictionaryId) {
    add('system', 'text');
    add('component', 'text');
    for (const c of columns) if (c.source === 'attribute') add(c.name, MAPPING_TYPE[c.type]);
    const registered = await db
      .selectFrom('attribute_search_index')
      .innerJoin('components', 'components.id', 'attribute_search_index.component_id')
      .innerJoin('systems', 'systems.id', 'components.system_id')
      .select(['attribute_search_index.name', 'attribute_search_index.type_id'])
      .where('systems.dictionary_id', '=', layer.dictionaryId)
      .orderBy('attribute_search_index.name')
      .execute();
    for (const r of registered) add(r.name, REGISTERED_TYPE[attributeTypeName(r.type_id) ?? 'Text'] ?? 'text');
  }
  add('created', 'date');
  add('modified', 'date');
  return {
    fields: fields.map((f, i) => ({ ...f, default: i < SEARCH_DEFAULT_COLUMNS })),
    columns,
  };
}
