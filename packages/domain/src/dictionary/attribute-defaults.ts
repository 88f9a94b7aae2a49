import { DEFAULT_TOKENS, type AttributeTypeName } from './types.js';
import { DICTIONARY_LIMITS, DICTIONARY_MSG } from './limits.js';

/** Optional http(s), a domain or IPv4, optional port and path (spec 2 §5). */
export const HYPERLINK_PATTERN =
  /^(https?:\/\/)?((([a-z\d]([a-z\d-]*[a-z\d])?)\.)+[a-z]{2,}|((\d{1,3}\.){3}\d{1,3}))(:\d{1,5})?(\/[-a-z\d%_.~+@]*)*(\?[;&a-z\d%_.~+=-]*)?(#[-a-z\d_]*)?$/i;

const DATE = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;
const TIME = /^(0[1-9]|1[0-2]):[0-5]\d (am|pm|AM|PM)$/;

function realDate(mmddyyyy: string): boolean {
  const [m, d, y] = mmddyyyy.split('/').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Which helper token a type may use instead of a default value (spec 2 §4). */
export function helperTokenFor(type: AttributeTypeName): string | null {
  if (type === 'Date') return DEFAULT_TOKENS.todayDate;
  if (type === 'Time' || type === 'Timestamp') return DEFAULT_TOKENS.today;
  return null;
}

/**
 * Checks an attribute's default value for its type (spec 2 §5). Returns a message id, or null when
 * the default is acceptable. An empty default is fine except for Read Only.
 */
export function attributeDefaultError(type: AttributeTypeName, value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (type === 'Read Only' && v === '') return DICTIONARY_MSG.readOnlyNeedsDefault;
  if (v === '') return null;
  if (v === DEFAULT_TOKENS.save) return type === 'Read Only' ? DICTIONARY_MSG.badDefault : null;
  if (v === DEFAULT_TOKENS.today || v === DEFAULT_TOKENS.todayDate)
    return helperTokenFor(type) === v ? null : DICTIONARY_MSG.badDefault;
  switch (type) {
    case 'Text':
    case 'Note':
    case 'Read Only':
      return v.length > DICTIONARY_LIMITS.textDefaultMax ? DICTIONARY_MSG.defaultTooLong : null;
    case 'Int':
      return /^\d+$/.test(v) ? null : DICTIONARY_MSG.badDefault;
    case 'Double':
      return /^-?\d+(\.\d+)?$/.test(v) ? null : DICTIONARY_MSG.badDefault;
    case 'Boolean':
      return v === 'true' || v === 'false' ? null : DICTIONARY_MSG.badDefault;
    case 'Date':
      return DATE.test(v) && realDate(v) ? null : DICTIONARY_MSG.invalidDate;
    case 'Time':
      return TIME.test(v) ? null : DICTIONARY_MSG.invalidDate;
    case 'Timestamp': {
      const [date, ...time] = v.split(' ');
      return DATE.test(date) && realDate(date) && TIME.test(time.join(' ')) ? null : DICTIONARY_MSG.invalidDate;
    }
    case 'Hyperlink':
      return HYPERLINK_PATTERN.test(v) ? null : DICTIONARY_MSG.badHyperlink;
    default:
      // Pick list defaults are one of the list's values; checked against the list.
      return v.length > DICTIONARY_LIMITS.pickListValueInAttributeMax ? DICTIONARY_MSG.defaultTooLong : null;
  }
}

/** Read Only forces required off (spec 2 §4). */
export const effectiveRequired = (type: AttributeTypeName, required: boolean) =>
  type === 'Read Only' ? false : required;
