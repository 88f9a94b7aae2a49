import { z } from 'zod';
import { searchQueryFor } from './search-query.js';

/**
 * The search service (spec 3 §2 search panel, §3 search query and hit, §7 search calls, §9 limits):
 * rules and shapes shared by the panel and the server. Responses keep the spec's shape (`hits.hits`,
 * `hits.total.value`, `_doc_count`), the shape of the search engine the product first spoke to.
 */
export const SEARCH_MSG = {
  /** A malformed query, filter or request. */
  invalid: 'app.search.error.invalid',
  /** The search failed (spec §8: the panel shows it and an empty page). */
  failed: 'app.search.error',
  /** A layer or field the caller cannot search. */
  layerNotFound: 'app.search.error.layer.not-found',
  fieldNotFound: 'app.search.error.field.not-found',
  noResults: 'app.search.no.results',
} as const;

/** Spec §9: result page sizes, the default, and how many columns a table shows before the user chooses. */
export const SEARCH_PAGE_SIZES = [10, 20, 50, 100] as const;
export const SEARCH_DEFAULT_PAGE_SIZE = 50;
export const SEARCH_DEFAULT_COLUMNS = 7;
/** Spec §9: the search term is sent 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Spec §9: the panel's minimum width and default height. */
export const SEARCH_PANEL = { minWidth: 375, defaultHeight: 420 } as const;
/**
 * Matches are counted exactly up to this many; past it the total reads "at least" (relation 'gte'),
 * as the search engine the spec's responses come from does. A layer's attribute table without a
 * search or filter is counted exactly.
 */
export const SEARCH_TRACK_TOTAL = 10_000;
/** Most values a field-value aggregation or a suggestion list answers. */
export const SEARCH_MAX_BUCKETS = 100;

const invalid = SEARCH_MSG.invalid;

/** `POST /search/features/{orgId}` and `/agg/fields`: the spec's query, within one project when given. */
export const searchRequestSchema = searchQueryFor(invalid).extend({
  projectId: z.string(invalid).uuid(invalid).optional(),
});
export type SearchRequest = z.output<typeof searchRequestSchema>;

/** `POST /search/features/agg/fieldvalues/{orgId}?layerId`: the commonest values of one field among the matches. */
export const fieldValuesRequestSchema = searchRequestSchema.extend({
  field: z.string(invalid).trim().min(1, invalid).max(200, invalid),
  /** Only values starting with this text (case-insensitive): the filter popover's typing. */
  prefix: z.string(invalid).max(200, invalid).optional(),
  size: z.number(invalid).int(invalid).min(1, invalid).max(SEARCH_MAX_BUCKETS, invalid).default(20),
});
export type FieldValuesRequest = z.output<typeof fieldValuesRequestSchema>;

/** `POST /search/features/agg/suggestions`: values completing what the user is typing. */
export const suggestionsRequestSchema = z.object(
  {
    search: z.string(invalid).trim().min(1, invalid).max(200, invalid),
    projectId: z.string(invalid).uuid(invalid).optional(),
    layerId: z.string(invalid).uuid(invalid).optional(),
    size: z.number(invalid).int(invalid).min(1, invalid).max(SEARCH_MAX_BUCKETS, invalid).default(8),
  },
  invalid,
);
export type SuggestionsRequest = z.output<typeof suggestionsRequestSchema>;

/** A column's type in a layer's mapping (the engine's names, which the panel reads as data types). */
export type SearchMappingType = 'text' | 'long' | 'double' | 'boolean' | 'date';

/** Where a hit lies: a point on the feature (its location) and its bounds, for "open on the map". */
export interface SearchHitSource {
  id: string;
  ogc_fid: number;
  layerId: string;
  folderId: string;
  projectId: string;
  location: { lat: number; lon: number };
  bbox: [number, number, number, number];
  geometryType: string;
  created: string;
  modified: string;
  properties: Record<string, string | number | boolean | null>;
}

export interface SearchHit {
  _id: string;
  _index: string;
  _source: SearchHitSource;
}

export interface SearchResponse {
  took: number;
  hits: {
    total: { value: number; relation: 'eq' | 'gte' };
    hits: SearchHit[];
  };
}

/** `/agg/fields`: matches per layer, keyed by layer id, and in all. */
export type LayerCountsResponse = { _doc_count: number } & Record<string, { _doc_count: number } | number>;

export interface FieldValuesResponse {
  aggregations: { values: { buckets: Array<{ key: string | number | boolean; doc_count: number }> } };
}

export interface SuggestionsResponse {
  suggestions: Array<{ text: string; layerId: string; field: string }>;
}

export interface SearchMappingField {
  name: string;
  title: string;
  type: SearchMappingType;
  /** Part of the first columns a table shows. */
  default: boolean;
}

export interface SearchMappingResponse {
  [layerId: string]: {
    mappings: { properties: Record<string, { type: SearchMappingType }> };
    fields: SearchMappingField[];
  };
}

/** The operators a field of this mapping type offers (spec §5). */
export const dataTypeOfMapping = (type: SearchMappingType): 'text' | 'number' | 'date' | 'boolean' =>
  type === 'long' || type === 'double' ? 'number' : type;
