/**
 * The spec's two date formats without a date library: 'MMMM Do, YYYY, hh:mm A' (member detail) and
 * 'MMM Do, YYYY' (subscription dates). English gets the ordinal day exactly as written; other
 * languages get the same parts in their own order and words through Intl.
 */

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));
const isEnglish = (locale: string) => locale.toLowerCase().startsWith('en');

/** 'MMMM Do, YYYY, hh:mm A', e.g. "March 3rd, 2024, 09:05 PM". Empty for an invalid date. */
export function formatLongDateTime(value: string | number | Date, locale = 'en', timeZone?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  if (!isEnglish(locale)) {
    return new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    }).format(date);
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      timeZone,
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const hour = String(Number(parts.hour)).padStart(2, '0');
  return `${parts.month} ${ordinal(Number(parts.day))}, ${parts.year}, ${hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

/** 'MMM Do, YYYY', e.g. "Mar 3rd, 2024". Empty for an invalid date. */
export function formatShortDate(value: string | number | Date, locale = 'en', timeZone?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  if (!isEnglish(locale)) {
    return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(date);
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month} ${ordinal(Number(parts.day))}, ${parts.year}`;
}
