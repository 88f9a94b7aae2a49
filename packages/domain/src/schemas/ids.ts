import { z } from 'zod';
import { MSG } from '../messages.js';

/**
 * Numeric ids are bigserial columns (features, versions): at most 2^63 - 1. A larger number can
 * name no row, and PostgreSQL refuses to compare it with the column, so it is refused before any query.
 */
export const DATABASE_ID_MAX = 9223372036854775807n;

/** Whether text is a decimal id a bigint column can hold ("0" and leading zeros included). */
export function isDatabaseId(text: string): boolean {
  return /^\d{1,30}$/.test(text) && BigInt(text) <= DATABASE_ID_MAX;
}

/** Whether text is a UUID (the id of every row but features): checked before it reaches a uuid column. */
export const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/** A numeric id in a path ("12"). */
export const databaseIdField = z.string().refine(isDatabaseId, { message: MSG.invalidId });

/** Feature kinds an id may carry as its prefix (spec 3 §3: "<kind>.<number>"). */
export const FEATURE_ID_KINDS = ['point', 'line', 'polygon', 'leader', 'htmlform_feature', 'onecall_tickets'] as const;
const FEATURE_REF = new RegExp(`^(?:(${FEATURE_ID_KINDS.join('|')})\\.)?(\\d+)$`);

/** "<kind>.<number>" or "<number>" → its parts, or null when it is not one or the number is out of range. */
export function parseFeatureRef(text: string): { kind: string; id: string } | null {
  const match = FEATURE_REF.exec(text);
  return match && isDatabaseId(match[2]) ? { kind: match[1] ?? '', id: match[2] } : null;
}

/** A feature id in a path or body: "<kind>.<number>" or "<number>", the number within range. */
export const featureRefField = z
  .string()
  .max(64)
  .refine((text) => parseFeatureRef(text) !== null, { message: MSG.invalidId });

/** A PostgreSQL integer (int4) column: what a count, page, index or order can be. */
export const INT4_MAX = 2147483647;

/** A non-negative integer that an int4 column or parameter holds, from a query or path (text). */
export const int4Query = z.coerce
  .number({ message: MSG.invalidNumber })
  .int({ message: MSG.invalidNumber })
  .min(0, { message: MSG.invalidNumber })
  .max(INT4_MAX, { message: MSG.invalidNumber });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Strings PostgreSQL cannot store: NUL (text refuses it) and lone surrogates (not UTF-8; jsonb refuses them). */
export const hasUnstorableCharacter = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);
