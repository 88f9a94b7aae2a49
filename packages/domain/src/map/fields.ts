import { z } from 'zod';

/**
 * Typed layer fields (issue #10 §1, DESIGN §5): every layer has a list of named, typed fields; a
 * feature's values live in `features.field_values` keyed by field name, typed JSON (numbers stay
 * numbers, dates are 'YYYY-MM-DD', datetimes ISO 8601 strings). WFS, exports and the attribute table
 * publish them as real columns.
 */
export const FIELD_TYPES = ['text', 'integer', 'real', 'boolean', 'date', 'datetime'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_LIMITS = {
  /** PostgreSQL's identifier length, so a field can become a column of an export or a SQL table. */
  nameMax: 63,
  fieldsMax: 500,
  textMax: 65535,
} as const;

export const FIELD_MSG = {
  nameInvalid: 'app.layer.field.error.name',
  nameDuplicate: 'app.layer.field.error.duplicate',
  nameReserved: 'app.layer.field.error.reserved',
  typeInvalid: 'app.layer.field.error.type',
  tooMany: 'app.layer.field.error.too-many',
  typeChange: 'app.layer.field.error.type-change',
  previousNameUnknown: 'app.layer.field.error.previous-name',
  unknownField: 'app.feature.error.field-unknown',
  badValue: 'app.feature.error.field-value',
} as const;

/**
 * Names a layer field may not take: the columns every WFS feature already has (or GDAL adds), so a
 * field never hides one of them. Compared case-insensitively.
 */
export const RESERVED_FIELD_NAMES = [
  'ogc_fid',
  'fid',
  'geometry',
  'geom',
  'the_geom',
  'system',
  'component',
  'created',
  'modified',
  'created_by_email',
  'attributes',
] as const;

/** A letter or underscore, then letters, digits and underscores (any script): a valid XML and SQL name. */
const FIELD_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;

export const isReservedFieldName = (name: string) =>
  (RESERVED_FIELD_NAMES as readonly string[]).includes(name.toLowerCase());

/** A source column name made into a valid field name (spaces and punctuation become '_'). */
export function launderFieldName(name: string): string {
  const clean = name.trim().replace(/[^\p{L}\p{N}_]/gu, '_');
  const named = clean === '' ? '_' : /^[\p{L}_]/u.test(clean) ? clean : `_${clean}`;
  return [...named].slice(0, FIELD_LIMITS.nameMax).join('');
}

export const fieldNameSchema = z
  .string({ message: FIELD_MSG.nameInvalid })
  .trim()
  .min(1, { message: FIELD_MSG.nameInvalid, abort: true })
  .max(FIELD_LIMITS.nameMax, { message: FIELD_MSG.nameInvalid, abort: true })
  .regex(FIELD_NAME, { message: FIELD_MSG.nameInvalid, abort: true })
  .refine((n) => !isReservedFieldName(n), { message: FIELD_MSG.nameReserved });

export const layerFieldSchema = z.object({
  name: fieldNameSchema,
  type: z.enum(FIELD_TYPES, { message: FIELD_MSG.typeInvalid }),
  order: z.number().int().min(0),
});
export type LayerField = z.infer<typeof layerFieldSchema>;

function uniqueNames(names: string[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  names.forEach((name, i) => {
    const key = name.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: FIELD_MSG.nameDuplicate, path: [i, 'name'] });
    seen.add(key);
  });
}

/** A layer's field list: unique names (case-insensitive), no reserved name. */
export const layerFieldsSchema = z
  .array(layerFieldSchema)
  .max(FIELD_LIMITS.fieldsMax, { message: FIELD_MSG.tooMany })
  .superRefine((fields, ctx) =>
    uniqueNames(
      fields.map((f) => f.name),
      ctx,
    ),
  );

/**
 * The field list a layer PUT sends: the whole new list. An entry with `previousName` renames that
 * existing field (its values move with it); an existing field named by no entry (by name or
 * previousName) is removed (its values stay in the feature history); any other entry is added.
 */
export const layerFieldInputSchema = layerFieldSchema.extend({ previousName: z.string().trim().min(1).optional() });
export type LayerFieldInput = z.infer<typeof layerFieldInputSchema>;
export const layerFieldsInputSchema = z
  .array(layerFieldInputSchema)
  .max(FIELD_LIMITS.fieldsMax, { message: FIELD_MSG.tooMany })
  .superRefine((fields, ctx) => {
    uniqueNames(
      fields.map((f) => f.name),
      ctx,
    );
    const renamed = fields.filter((f) => f.previousName !== undefined);
    uniqueNames(
      renamed.map((f) => f.previousName!),
      ctx,
    );
  });

export type FieldValue = string | number | boolean | null;

/**
 * The text forms a typed field value is read from, by type. Written so that PostgreSQL's regular
 * expressions read them the same: imports check staged text with them in SQL (server imports/load.ts).
 */
export const FIELD_VALUE_PATTERNS = {
  integer: /^[+-]?\d+$/,
  real: /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/,
  date: /^(\d{4})[-/](\d{2})[-/](\d{2})$/,
  datetime: /^(\d{4})[-/](\d{2})[-/](\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/,
} as const;
const { integer: INTEGER, real: REAL, date: DATE, datetime: DATETIME } = FIELD_VALUE_PATTERNS;

function calendarDate(y: string, m: string, d: string): string | undefined {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? `${y}-${m}-${d}` : undefined;
}

/**
 * A raw value (JSON from the API, text from WFS-T or a file) as the typed value a field stores, or
 * undefined when it does not fit the type. null, undefined and '' (for non-text fields) are null.
 * Dates become 'YYYY-MM-DD' (GDAL's 'YYYY/MM/DD' too), datetimes ISO 8601 with a 'T'.
 */
export function coerceFieldValue(field: Pick<LayerField, 'type'>, raw: unknown): FieldValue | undefined {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return undefined;
    if (field.type === 'date') return raw.toISOString().slice(0, 10);
    if (field.type === 'datetime') return raw.toISOString();
    return field.type === 'text' ? raw.toISOString() : undefined;
  }
  if (typeof raw === 'string' && field.type !== 'text') {
    const text = raw.trim();
    if (text === '') return null;
    raw = text;
  }
  switch (field.type) {
    case 'text':
      if (typeof raw === 'string') return raw.length <= FIELD_LIMITS.textMax ? raw : undefined;
      return typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : undefined;
    case 'integer': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && INTEGER.test(raw) ? Number(raw) : NaN;
      return Number.isSafeInteger(n) ? n : undefined;
    }
    case 'real': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && REAL.test(raw) ? Number(raw) : NaN;
      return Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 1 || raw === 0) return raw === 1;
      if (typeof raw !== 'string') return undefined;
      return { true: true, false: false, '1': true, '0': false }[raw.toLowerCase()];
    case 'date': {
      const m = typeof raw === 'string' ? DATE.exec(raw) : null;
      return m ? calendarDate(m[1], m[2], m[3]) : undefined;
    }
    case 'datetime': {
      const m = typeof raw === 'string' ? DATETIME.exec(raw) : null;
      if (!m || !calendarDate(m[1], m[2], m[3]) || Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)
        return undefined;
      return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] ?? ''}${m[8] ?? ''}`;
    }
  }
}

/** The zod schema of one field's value: coerced as coerceFieldValue does, else FIELD_MSG.badValue. */
export function fieldValueSchemaFor(field: Pick<LayerField, 'name' | 'type'>) {
  return z.unknown().transform((raw, ctx): FieldValue => {
    const value = coerceFieldValue(field, raw);
    if (value !== undefined) return value;
    ctx.addIssue({ code: 'custom', message: FIELD_MSG.badValue, params: { field: field.name } });
    return z.NEVER;
  });
}

/**
 * The zod schema of a feature's `fieldValues` for a layer's fields: an object by field name, each
 * value coerced to its type; a name that is not a field of the layer is refused (FIELD_MSG.unknownField).
 * A field left out keeps its stored value on an update.
 */
export function fieldValuesSchemaFor(fields: ReadonlyArray<Pick<LayerField, 'name' | 'type'>>) {
  const byName = new Map(fields.map((f) => [f.name, f]));
  return z.record(z.string(), z.unknown()).transform((values, ctx) => {
    const out: Record<string, FieldValue> = {};
    for (const [name, raw] of Object.entries(values)) {
      const field = byName.get(name);
      if (!field) {
        ctx.addIssue({ code: 'custom', message: FIELD_MSG.unknownField, path: [name], params: { field: name } });
        continue;
      }
      const value = coerceFieldValue(field, raw);
      if (value === undefined)
        ctx.addIssue({ code: 'custom', message: FIELD_MSG.badValue, path: [name], params: { field: name } });
      else out[name] = value;
    }
    return out;
  });
}

/** A layer's fields in their order (then by name), as stored and presented. */
export const sortedFields = <F extends Pick<LayerField, 'name' | 'order'>>(fields: readonly F[]): F[] =>
  [...fields].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
