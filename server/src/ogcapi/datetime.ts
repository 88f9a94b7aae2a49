import { sql, type RawBuilder } from 'kysely';
import { invalidParameter } from './params.js';

/**
 * The `datetime` parameter of OGC API – Features Part 1 (/req/core/fc-time-definition): an instant
 * (`2024-05-01T10:00:00Z`), a date (the whole day, UTC), or an interval of two of them with `..` or
 * nothing for an open end (`2024-05-01/..`, `../2024-06-01T00:00:00Z`). A feature's time is when it
 * was collected: its `created` property.
 */
export interface TimeRange {
  /** Inclusive lower bound, or none. */
  from?: Date;
  /** Exclusive upper bound, or none. */
  until?: Date;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const DAY_MS = 86_400_000;

/** One side of the parameter: a date is its whole UTC day, an instant that instant (to the millisecond). */
function boundsOf(text: string): { start: Date; end: Date } {
  const valid = DATE.test(text) || DATE_TIME.test(text);
  const at = valid ? new Date(DATE.test(text) ? `${text}T00:00:00Z` : text.toUpperCase()) : null;
  if (!at || Number.isNaN(at.getTime()))
    throw invalidParameter('datetime', `datetime: ${text} is not an RFC 3339 date or date-time`);
  return { start: at, end: new Date(at.getTime() + (DATE.test(text) ? DAY_MS : 1)) };
}

export function timeRangeOf(value: string | undefined): TimeRange | undefined {
  if (value === undefined) return undefined;
  const parts = value.trim().split('/');
  if (parts.length === 1) {
    if (parts[0] === '' || parts[0] === '..') throw invalidParameter('datetime', 'datetime is empty');
    const { start, end } = boundsOf(parts[0]);
    return { from: start, until: end };
  }
  if (parts.length !== 2) throw invalidParameter('datetime', 'datetime is an instant or one interval (start/end)');
  const open = (p: string) => p === '' || p === '..';
  if (open(parts[0]) && open(parts[1])) return {};
  const range: TimeRange = {
    ...(open(parts[0]) ? {} : { from: boundsOf(parts[0]).start }),
    ...(open(parts[1]) ? {} : { until: boundsOf(parts[1]).end }),
  };
  if (range.from && range.until && range.from >= range.until)
    throw invalidParameter('datetime', 'datetime: the interval ends before it starts');
  return range;
}

/** The range as a condition on the features `f`, or undefined when it selects every time. */
export function timeFilter(range: TimeRange | undefined): RawBuilder<unknown> | undefined {
  if (!range || (!range.from && !range.until)) return undefined;
  const parts = [
    ...(range.from ? [sql`f.created_at >= ${range.from.toISOString()}::timestamptz`] : []),
    ...(range.until ? [sql`f.created_at < ${range.until.toISOString()}::timestamptz`] : []),
  ];
  return sql`(${sql.join(parts, sql` AND `)})`;
}
