import { REPORT_QUICK_RANGES } from '@fieldbook/domain';
import { DATE_INPUT_MAX, DATE_INPUT_MIN, dateInputBounds, dateRangeError } from '../log-filters';

/**
 * The report's date range (spec 3 §2 quick date buttons and custom dates, §5 date filter rules, §9
 * defaults). Custom dates are whole local calendar days, written 'YYYY-MM-DD' as date inputs give them;
 * their rules are the log filter's, applied to the days' midnights.
 */
export type QuickRangeId = (typeof REPORT_QUICK_RANGES)[number]['id'];

export type ReportRange = { kind: 'quick'; id: QuickRangeId } | { kind: 'custom'; start: string; end: string };

/** The epoch-ms bounds sent as startTime/endTime; absent bounds are open ("All time"). */
export interface RangeTimes {
  startTime?: number;
  endTime?: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const asDateTime = (day: string) => (day ? `${day}T00:00` : '');
const asDay = (dateTime: string) => dateTime.slice(0, 10);

/** The picker bounds as days: 2020-01-01 and 2100-01-01. */
export const RANGE_MIN_DAY = asDay(DATE_INPUT_MIN);
export const RANGE_MAX_DAY = asDay(DATE_INPUT_MAX);

/** The local calendar day of an instant. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const partsOf = (day: string) => day.split('-').map(Number) as [number, number, number];

/** Local midnight at the start of a day, or of a day `plusDays` after it. */
export function dayStart(day: string, plusDays = 0): number {
  const [y, m, d] = partsOf(day);
  return new Date(y, m - 1, d + plusDays).getTime();
}

/** The day `n` days after (or before, when negative) a day; calendar arithmetic, zone-free. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = partsOf(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Spec 3 §5: the start's max is the end (else 2100-01-01), the end's min is the start (else 2020-01-01). */
export function customRangeBounds(range: { start: string; end: string }) {
  const b = dateInputBounds(asDateTime(range.start), asDateTime(range.end));
  return { startMin: asDay(b.startMin), startMax: asDay(b.startMax), endMin: asDay(b.endMin), endMax: asDay(b.endMax) };
}

/** What is wrong with a custom range (a message id: a day out of bounds, or the start after the end), or null. */
export function customRangeError(range: { start: string; end: string }): string | null {
  return dateRangeError(asDateTime(range.start), asDateTime(range.end));
}

/**
 * The bounds a range asks for, on `now`'s day: a quick range covers its number of days up to the end of
 * today (the last week is today and the six days before); "All time" is open; a custom range runs from
 * the start of its first day to the end of its last. An invalid custom range asks for nothing (null).
 */
export function rangeTimes(range: ReportRange, now: number): RangeTimes | null {
  const today = localDay(now);
  if (range.kind === 'quick') {
    const days = REPORT_QUICK_RANGES.find((r) => r.id === range.id)?.days ?? null;
    if (days === null) return {};
    return { startTime: dayStart(addDays(today, -(days - 1))), endTime: dayStart(today, 1) - 1 };
  }
  if (customRangeError(range)) return null;
  return {
    startTime: range.start ? dayStart(range.start) : undefined,
    endTime: range.end ? dayStart(range.end, 1) - 1 : undefined,
  };
}

/** The end of `now`'s local day: nothing is collected later, so the collection report stops there. */
export const endOfToday = (now: number) => dayStart(localDay(now), 1) - 1;

/**
 * The days the collection table spans: from the range's start (an open start: the first day with data)
 * to its end, but not past today.
 */
export function rangeDays(times: RangeTimes, now: number, firstDataDay?: string): { from: string; to: string } {
  const today = localDay(now);
  const end = times.endTime !== undefined ? localDay(times.endTime) : today;
  const to = end < today ? end : today;
  const from = times.startTime !== undefined ? localDay(times.startTime) : (firstDataDay ?? to);
  return { from, to };
}
