import { DEFAULT_TOKENS, type AttributeTypeName } from '../dictionary/types.js';
import { FEATURE_MSG, featureValueError } from './features.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY (spec 3 §5 date format). */
export function formatFeatureDate(d: Date): string {
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

/** hh:mm am|pm (spec 3 §5 time format). */
export function formatFeatureTime(d: Date): string {
  const h = d.getHours() % 12 || 12;
  return `${pad(h)}:${pad(d.getMinutes())} ${d.getHours() < 12 ? 'am' : 'pm'}`;
}

/**
 * The value an attribute input starts with in the new-feature dialog: its dictionary default, where
 * @today and @today_date mean now in the attribute's format; @save is filled on save, so it starts empty.
 */
export function initialAttributeValue(
  type: AttributeTypeName,
  defaultValue: string | null | undefined,
  now = new Date(),
): string {
  const v = (defaultValue ?? '').trim();
  if (v === DEFAULT_TOKENS.today || v === DEFAULT_TOKENS.todayDate) {
    if (type === 'Date') return formatFeatureDate(now);
    if (type === 'Time') return formatFeatureTime(now);
    if (type === 'Timestamp') return `${formatFeatureDate(now)} ${formatFeatureTime(now)}`;
    return '';
  }
  if (v === DEFAULT_TOKENS.save) return '';
  return v;
}

/** One attribute input of the feature dialogs: required values present, then the type rule the server applies. */
export function attributeInputError(
  type: AttributeTypeName,
  required: boolean,
  value: string | null | undefined,
): string | null {
  const v = (value ?? '').trim();
  if (v === '') return required && type !== 'Read Only' ? FEATURE_MSG.requiredMissing : null;
  return featureValueError(type, v);
}

/** Int inputs accept only digit keystrokes (spec 3 §5); a leading minus is the one exception. */
export const intKeystrokeAllowed = (text: string) => /^-?\d*$/.test(text);
