import type { IntlShape } from 'react-intl';
import { coerceFieldValue, type FieldValue, type LayerField } from '@fieldbook/domain';

/**
 * A field's value as its input holds it: text for text, number, date and date-time inputs (a
 * date-time as the `datetime-local` input's local wall time), a boolean or null for the switch.
 */
export type FieldDraft = string | boolean | null;

const pad = (n: number) => String(n).padStart(2, '0');

/** A date-time's local wall time as `YYYY-MM-DDTHH:mm:ss` (the `datetime-local` input's value). */
function localWallTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** Whether an ISO date-time names its offset (else it is a wall time with no zone, kept as it is). */
const zoned = (iso: string) => /(Z|[+-]\d{2}:?\d{2})$/.test(iso);

export function draftOf(field: Pick<LayerField, 'type'>, value: FieldValue | undefined): FieldDraft {
  if (value === null || value === undefined) return field.type === 'boolean' ? null : '';
  if (field.type === 'boolean') return value === true;
  if (field.type === 'datetime' && typeof value === 'string') {
    // An instant is edited in the user's zone; a wall time without a zone stays as written.
    return zoned(value) ? localWallTime(new Date(value)) : value.slice(0, 19);
  }
  return String(value);
}

/**
 * The value a draft stands for, checked and coerced by the domain's rule (the server's), or
 * undefined when it does not fit the type. An empty input is null. A real number may use a
 * decimal comma; a date-time typed in the browser is the user's local time, sent as an instant (UTC).
 */
export function valueOfDraft(field: Pick<LayerField, 'type'>, draft: FieldDraft): FieldValue | undefined {
  if (draft === null || typeof draft === 'boolean') return coerceFieldValue(field, draft);
  if (field.type !== 'text' && draft.trim() === '') return null;
  if (field.type === 'real' && /^[+-]?\d*,\d+$/.test(draft.trim()))
    return coerceFieldValue(field, draft.trim().replace(',', '.'));
  if (field.type === 'datetime') {
    const local = new Date(draft.trim());
    if (coerceFieldValue(field, draft) === undefined || Number.isNaN(local.getTime())) return undefined;
    return local.toISOString().replace('.000Z', 'Z');
  }
  return coerceFieldValue(field, draft);
}

/**
 * The `fieldValues` of a feature update: only the fields whose draft changed (the server keeps the
 * others), each coerced; `invalid` names the fields whose draft does not fit their type.
 */
export function changedValues(
  fields: ReadonlyArray<Pick<LayerField, 'name' | 'type'>>,
  initial: Record<string, FieldDraft>,
  drafts: Record<string, FieldDraft>,
): { values: Record<string, FieldValue>; invalid: string[] } {
  const values: Record<string, FieldValue> = {};
  const invalid: string[] = [];
  for (const field of fields) {
    const draft = drafts[field.name] ?? draftOf(field, null);
    if (draft === (initial[field.name] ?? draftOf(field, null))) continue;
    const value = valueOfDraft(field, draft);
    if (value === undefined) invalid.push(field.name);
    else values[field.name] = value;
  }
  return { values, invalid };
}

/**
 * A stored value for reading: numbers in the user's locale (all their digits), dates and date-times
 * in the user's locale (a date as the calendar day it names, in any zone), booleans as yes/no.
 */
export function formatFieldValue(intl: IntlShape, field: Pick<LayerField, 'type'>, value: FieldValue | undefined) {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.type) {
    case 'integer':
    case 'real':
      return typeof value === 'number' ? intl.formatNumber(value, { maximumFractionDigits: 20 }) : String(value);
    case 'boolean':
      return intl.formatMessage({ id: value === true ? 'app.feature.attribute.true' : 'app.feature.attribute.false' });
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(value));
      if (!m) return String(value);
      const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      return intl.formatDate(day, { dateStyle: 'medium', timeZone: 'UTC' });
    }
    case 'datetime': {
      const date = new Date(String(value));
      if (Number.isNaN(date.getTime())) return String(value);
      return intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'medium' });
    }
    default:
      return String(value);
  }
}

/**
 * Text split into pieces with a break opportunity after each '@', '.', '/', '_' and '-' inside
 * long words, so an e-mail address or a path wraps at its separators rather than mid-name.
 */
export function breakablePieces(text: string): string[] {
  return text.split(/(?<=[@./_-])(?=[^\s@./_-])/u);
}
