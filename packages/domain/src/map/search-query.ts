import { z } from 'zod';
import { coerceFieldValue } from './fields.js';

/**
 * The search query (spec 3 §3 "Search query", §5 filter rules) as the search panel sends it, here read
 * for the export of a search (`POST /search/features/export/{type}/{id}`): which features it selects.
 * Paging and sort (page, pageSize, orderBy, orderDirection) are accepted and ignored by an export,
 * which writes every match (the spec removes the page defaults on sending).
 */
export const SEARCH_QUERY_MSG = {
  /** Any malformed query or filter: the spec's 'Invalid Export Request' for an export. */
  invalid: 'app.export.error.invalid',
} as const;

export const SEARCH_OPERATIONS = ['eq', 'ne', 'like', 'between', 'gte', 'lte'] as const;
export type SearchOperation = (typeof SEARCH_OPERATIONS)[number];

/** The value kinds a filter compares as: the spec's data types, normalised. */
export type SearchDataType = 'text' | 'number' | 'date' | 'boolean';

const DATA_TYPE_BY_NAME: Record<string, SearchDataType> = {
  text: 'text',
  string: 'text',
  keyword: 'text',
  number: 'number',
  numeric: 'number',
  integer: 'number',
  long: 'number',
  double: 'number',
  float: 'number',
  real: 'number',
  date: 'date',
  datetime: 'date',
  boolean: 'boolean',
};

/** Spec §5: numeric and date fields allow every operator but like; text fields only eq, ne and like. */
export function operationAllowed(operation: SearchOperation, dataType: SearchDataType): boolean {
  if (dataType === 'text') return operation === 'eq' || operation === 'ne' || operation === 'like';
  if (dataType === 'boolean') return operation === 'eq' || operation === 'ne';
  return operation !== 'like';
}

/**
 * The query's schema with `invalid` as the message of every refusal: the export of a search answers the
 * spec's 'Invalid Export Request', the search panel its own search error.
 */
function searchQueryShape(invalid: string) {
  const scalar = z.union([z.string().max(1000), z.number().finite(), z.boolean()], invalid);
  const dataType = z
    .string(invalid)
    .transform((t, ctx) => {
      const known = DATA_TYPE_BY_NAME[t.toLowerCase()];
      if (!known) ctx.addIssue({ code: 'custom', message: invalid });
      return known ?? 'text';
    })
    .optional();

  /** A corner of a bounding box: `{lat, lon}` (or `lng`), or `[lon, lat]` as GeoJSON orders it. */
  const corner = z
    .union(
      [
        z.object({ lat: z.coerce.number(), lon: z.coerce.number() }),
        z.object({ lat: z.coerce.number(), lng: z.coerce.number() }).transform((c) => ({ lat: c.lat, lon: c.lng })),
        z.tuple([z.number(), z.number()]).transform(([lon, lat]) => ({ lat, lon })),
      ],
      invalid,
    )
    .pipe(
      z.object({
        lat: z.number().min(-90, invalid).max(90, invalid),
        lon: z.number().min(-180, invalid).max(180, invalid),
      }),
    );

  const termOrRangeFilter = z
    .object({
      type: z.enum(['term', 'range'], invalid).optional(),
      field: z.string(invalid).trim().min(1, invalid).max(200, invalid),
      operation: z.enum(SEARCH_OPERATIONS, invalid),
      value: scalar.optional(),
      from: scalar.optional(),
      to: scalar.optional(),
      dataType,
    })
    .superRefine((f, ctx) => {
      const bounded = f.operation === 'between' ? f.from !== undefined && f.to !== undefined : f.value !== undefined;
      const fits = !f.dataType || operationAllowed(f.operation, f.dataType);
      if (!bounded || !fits) ctx.addIssue({ code: 'custom', message: invalid });
    });

  const boundingBoxFilter = z
    .object({
      type: z.literal('bb'),
      field: z.string(invalid).max(200, invalid).optional(),
      topLeft: corner,
      bottomRight: corner,
    })
    .refine((f) => f.topLeft.lat >= f.bottomRight.lat, invalid);

  /** The column a table sorts by: its name, or the spec's header object (title, field, dataType). */
  const orderBy = z
    .union(
      [
        z.string().trim().max(200),
        z.object({ field: z.string().trim().max(200), title: z.string().max(200).optional() }).passthrough(),
      ],
      invalid,
    )
    .transform((o) => (typeof o === 'string' ? o : o.field) || undefined);

  const filter = z.union([boundingBoxFilter, termOrRangeFilter], invalid);
  const query = z.object(
    {
      search: z.string(invalid).trim().max(500, invalid).optional(),
      page: z.number(invalid).int(invalid).min(0, invalid).optional(),
      pageSize: z.number(invalid).int(invalid).min(1, invalid).max(SEARCH_MAX_PAGE_SIZE, invalid).optional(),
      orderDirection: z
        .string(invalid)
        .transform((d) => d.toLowerCase())
        .pipe(z.enum(['asc', 'desc'], invalid))
        .optional(),
      orderBy: orderBy.nullish(),
      filters: z.array(filter, invalid).max(100, invalid).optional(),
      layerId: z.string(invalid).uuid(invalid).optional(),
      hasPhotos: z.boolean(invalid).optional(),
      hasFiles: z.boolean(invalid).optional(),
      hasForms: z.boolean(invalid).optional(),
    },
    invalid,
  );
  return { filter, query, termOrRangeFilter, boundingBoxFilter };
}

/** The largest page a search answers (spec §9 offers 10, 20, 50 and 100). */
export const SEARCH_MAX_PAGE_SIZE = 100;

const exportShape = searchQueryShape(SEARCH_QUERY_MSG.invalid);
export const searchFilterSchema = exportShape.filter;
export type SearchFilter = z.output<typeof searchFilterSchema>;
export type SearchFieldFilter = z.output<typeof exportShape.termOrRangeFilter>;
export type SearchBoundingBox = z.output<typeof exportShape.boundingBoxFilter>;

/** A search query as an export reads it (errors: the export's invalid-request message). */
export const searchQuerySchema = exportShape.query;
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** The same query as the search panel sends it (errors: the search's own message). */
export const searchQueryFor = (invalid: string) => searchQueryShape(invalid).query;

/** The words of a free-text search: each must appear in the feature (case-insensitive). */
export const searchWords = (search: string | undefined): string[] =>
  (search ?? '').split(/\s+/).filter((w) => w.length > 0);

/**
 * A date filter's value as a text range over stored ISO 8601 values (dates 'YYYY-MM-DD', datetimes
 * 'YYYY-MM-DDTHH:MM:SS…', both sorting as text): a day covers itself and every time in it, so
 * `lte 2024-03-05` keeps that day's datetimes; a datetime is that instant. `last` is exclusive for a
 * day, inclusive for a datetime. Null when the value is no ISO date.
 */
export function dateBounds(value: unknown): { first: string; last: string; lastInclusive: boolean } | null {
  if (typeof value !== 'string') return null;
  const day = coerceFieldValue({ type: 'date' }, value);
  if (typeof day === 'string') {
    const [y, m, d] = day.split('-').map(Number);
    const next = new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
    return { first: day, last: next, lastInclusive: false };
  }
  const instant = coerceFieldValue({ type: 'datetime' }, value);
  return typeof instant === 'string' ? { first: instant, last: instant, lastInclusive: true } : null;
}
