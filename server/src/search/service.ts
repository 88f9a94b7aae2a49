import {
  SEARCH_DEFAULT_PAGE_SIZE,
  SEARCH_MSG,
  dataTypeOfMapping,
  searchWords,
  type FieldValuesRequest,
  type FieldValuesResponse,
  type LayerCountsResponse,
  type SearchHit,
  type SearchMappingResponse,
  type SearchRequest,
  type SearchResponse,
  type SuggestionsRequest,
  type SuggestionsResponse,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { attributeValuesSql } from '../ogc/wfs-columns.js';
import { searchedLayers, type SearchedLayer } from './layers.js';
import { layerMapping, type LayerMapping } from './mappings.js';
import {
  countsByLayer,
  fieldValueBuckets,
  hitRows,
  matchesAndPage,
  suggestedValues,
  type HitRow,
  type Matching,
} from './store.js';
import { prepareText } from './text.js';

/**
 * The search service (issue #13, spec 3 §7): full-text and filtered search over the features of the
 * layers the caller may view, answered in the spec's shapes. `{orgId}` in a path must be the caller's
 * organization (the one the request acts for); another is not found.
 */

function checkOrganization(caller: Caller, orgId: string) {
  if (orgId !== caller.organizationId) throw notFound(SEARCH_MSG.layerNotFound);
}

const dictionaries = (layers: SearchedLayer[]) => [
  ...new Set(layers.flatMap((l) => (l.dictionaryId ? [l.dictionaryId] : []))),
];

async function matching(deps: Deps, caller: Caller, request: SearchRequest): Promise<Matching<SearchedLayer>> {
  const layers = await searchedLayers(deps, caller, request);
  const text = await prepareText(deps.db, request.search, dictionaries(layers));
  return { layers, query: request, text };
}

/** A hit's values by column name, as the layer's mapping names them. */
function hitProperties(row: HitRow, mapping: LayerMapping): SearchHit['_source']['properties'] {
  const ownNames = new Set(mapping.columns.filter((c) => c.source === 'field').map((c) => c.name));
  const attributeNames = new Set(mapping.columns.filter((c) => c.source === 'attribute').map((c) => c.name));
  const out: SearchHit['_source']['properties'] = {};
  for (const f of mapping.fields) {
    const name = f.name;
    let value: unknown;
    if (ownNames.has(name)) value = row.field_values?.[name];
    else if (attributeNames.has(name)) value = row.attribute_values?.[name];
    else if (name === 'system') value = row.system_name;
    else if (name === 'component') value = row.component_alias;
    else if (name === 'created') value = row.created;
    else if (name === 'modified') value = row.modified;
    else value = row.properties?.[name];
    out[name] =
      value === undefined || value === null
        ? null
        : typeof value === 'object'
          ? JSON.stringify(value)
          : (value as never);
  }
  return out;
}

function toHit(row: HitRow, layer: SearchedLayer, mapping: LayerMapping): SearchHit {
  const id = `${row.kind}.${row.id}`;
  return {
    _id: id,
    _index: layer.id,
    _source: {
      id,
      ogc_fid: Number(row.id),
      layerId: layer.id,
      folderId: layer.folderId,
      projectId: layer.projectId,
      location: { lat: row.lat, lon: row.lon },
      bbox: [row.xmin, row.ymin, row.xmax, row.ymax],
      geometryType: row.geometry_type.replace(/^ST_/, ''),
      created: row.created,
      modified: row.modified,
      properties: hitProperties(row, mapping),
    },
  };
}

/** `POST /search/features/{orgId}`: one page of hits and the total. */
export async function search(
  deps: Deps,
  caller: Caller,
  orgId: string,
  request: SearchRequest,
): Promise<SearchResponse> {
  checkOrganization(caller, orgId);
  const started = performance.now();
  const m = await matching(deps, caller, request);
  // A layer's mapping is read once per request (for the sort's check and its hits' values); one layer's is
  // asked for at once, so it is read while the matches are (on PostgreSQL, on another connection).
  const mappings = new Map<string, Promise<LayerMapping>>();
  const mappingOf = (layer: SearchedLayer) => {
    let mapping = mappings.get(layer.id);
    if (!mapping) mappings.set(layer.id, (mapping = layerMapping(deps.db, layer)));
    return mapping;
  };
  if (m.layers.length === 1) mappingOf(m.layers[0]!).catch(() => undefined);
  if (request.orderBy && m.layers.length === 1) {
    const mapping = await mappingOf(m.layers[0]!);
    const known = ['ogc_fid', '_id', ...mapping.fields.map((f) => f.name.toLowerCase())];
    if (!known.includes(request.orderBy.toLowerCase())) throw badRequest(SEARCH_MSG.fieldNotFound);
  }
  const pageSize = request.pageSize ?? SEARCH_DEFAULT_PAGE_SIZE;
  const { total, ids } = await matchesAndPage(deps.db, m, {
    offset: (request.page ?? 0) * pageSize,
    limit: pageSize,
    orderBy: request.orderBy ?? undefined,
    direction: request.orderDirection ?? 'asc',
  });
  const byLayer = new Map<string, string[]>();
  for (const { id, layer_id } of ids) byLayer.set(layer_id, [...(byLayer.get(layer_id) ?? []), id]);
  const hitsById = new Map<string, SearchHit>();
  for (const [layerId, layerIds] of byLayer) {
    const layer = m.layers.find((l) => l.id === layerId)!;
    const mapping = await mappingOf(layer);
    for (const row of await hitRows(deps.db, layerIds, attributeValuesSql(mapping.columns)))
      hitsById.set(row.id, toHit(row, layer, mapping));
  }
  return {
    took: Math.round(performance.now() - started),
    hits: { total, hits: ids.flatMap(({ id }) => hitsById.get(id) ?? []) },
  };
}

/** `POST /search/features/agg/fields`: matches per layer (keyed by layer id) and in all. */
export async function layerCounts(deps: Deps, caller: Caller, request: SearchRequest): Promise<LayerCountsResponse> {
  const m = await matching(deps, caller, request);
  const counts = await countsByLayer(deps.db, m);
  const out: LayerCountsResponse = { _doc_count: 0 };
  for (const layer of m.layers) {
    const n = counts.get(layer.id) ?? 0;
    out[layer.id] = { _doc_count: n };
    out._doc_count += n;
  }
  return out;
}

/** `POST /search/features/agg/fieldvalues/{orgId}?layerId`: a field's commonest values among a layer's matches. */
export async function fieldValues(
  deps: Deps,
  caller: Caller,
  orgId: string,
  layerId: string,
  request: FieldValuesRequest,
): Promise<FieldValuesResponse> {
  checkOrganization(caller, orgId);
  const m = await matching(deps, caller, { ...request, layerId });
  const layer = m.layers[0]!;
  const mapping = await layerMapping(deps.db, layer);
  const field = mapping.fields.find((f) => f.name.toLowerCase() === request.field.toLowerCase());
  if (!field) throw badRequest(SEARCH_MSG.fieldNotFound);
  const buckets = await fieldValueBuckets(deps.db, { ...m, layers: [layer] }, field.name, request.prefix, request.size);
  const kind = dataTypeOfMapping(field.type);
  const typed = (key: string) =>
    kind === 'number' && Number.isFinite(Number(key)) ? Number(key) : kind === 'boolean' ? key === 'true' : key;
  return {
    aggregations: { values: { buckets: buckets.map((b) => ({ key: typed(b.key), doc_count: b.n })) } },
  };
}

/** `POST /search/features/agg/suggestions`: values of the searched layers completing the typed text. */
export async function suggestions(
  deps: Deps,
  caller: Caller,
  request: SuggestionsRequest,
): Promise<SuggestionsResponse> {
  const layers = await searchedLayers(deps, caller, request);
  const text = await prepareText(deps.db, request.search, []);
  const queries = text.words.map((w) => w.tsquery);
  if (!queries.length || queries.some((q) => q === null)) return { suggestions: [] };
  const rows = await suggestedValues(
    deps.db,
    layers.map((l) => l.id),
    queries.join(' & '),
    searchWords(request.search).join(' '),
    request.size,
  );
  return { suggestions: rows.map((r) => ({ text: r.text, field: r.field, layerId: r.layer_id })) };
}

/** `GET /search/features/mappings/{orgId}`: the searchable columns and their types, per layer. */
export async function mappings(
  deps: Deps,
  caller: Caller,
  orgId: string,
  scope: { layerId?: string; projectId?: string },
): Promise<SearchMappingResponse> {
  checkOrganization(caller, orgId);
  const layers = await searchedLayers(deps, caller, scope);
  const out: SearchMappingResponse = {};
  for (const layer of layers) {
    const { fields } = await layerMapping(deps.db, layer);
    out[layer.id] = {
      mappings: { properties: Object.fromEntries(fields.map((f) => [f.name, { type: f.type }])) },
      fields,
    };
  }
  return out;
}
