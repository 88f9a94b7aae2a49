import { sql } from 'kysely';
import type { Executor } from '../db/types.js';

/**
 * What paging a layer through WFS would otherwise recompute on every page, remembered per query and
 * layer data version (data-version.ts: every feature write bumps it, so a remembered value is never
 * used after the data changed, in this process or another):
 * - the matched count (a million-feature layer took a full count per page);
 * - page boundaries: the id a page ended on, so the next page (STARTINDEX = where that one ended,
 *   which is how GDAL and QGIS walk a layer) starts after that id through the (layer_id, id) index
 *   instead of OFFSET walking every earlier row (the last page of a million cost 14× the first).
 * A STARTINDEX no earlier page ended on still works, by OFFSET.
 */

/** Queries remembered; the least recently used go first. */
const MAX_QUERIES = 500;
/** Boundaries per query: 3,000-feature pages of a 3-million-feature layer. */
const MAX_BOUNDARIES = 1000;

interface Remembered {
  count?: number;
  /** startIndex → the id of the feature just before it. */
  boundaries: Map<number, string>;
}
const memo = new Map<string, Remembered>();

/** The layer's data version, which keys everything remembered about its queries. */
export async function dataVersionOf(db: Executor, layerId: string): Promise<string> {
  const r = await sql<{ v: string }>`SELECT data_version::text AS v FROM layers WHERE id = ${layerId}`.execute(db);
  return r.rows[0]?.v ?? 'gone';
}

/** A query's key: the layer, its data version and everything that decides which features match, in order. */
export const pagingKey = (layerId: string, version: string, narrowing: unknown) =>
  `${layerId}\u0000${version}\u0000${JSON.stringify(narrowing)}`;

function entry(key: string): Remembered {
  let e = memo.get(key);
  if (e) memo.delete(key);
  else e = { boundaries: new Map() };
  memo.set(key, e);
  if (memo.size > MAX_QUERIES) memo.delete(memo.keys().next().value!);
  return e;
}

export const rememberedCount = (key: string): number | undefined => memo.get(key)?.count;

export function rememberCount(key: string, count: number): void {
  entry(key).count = count;
}

/** The id just before `startIndex`, when an earlier page ended there. */
export const boundaryBefore = (key: string, startIndex: number): string | undefined =>
  startIndex > 0 ? memo.get(key)?.boundaries.get(startIndex) : undefined;

/** A page from `startIndex` of `returned` features ended on `lastId`: the next one starts after it. */
export function rememberBoundary(key: string, startIndex: number, returned: number, lastId: string | null): void {
  if (!lastId || returned === 0) return;
  const boundaries = entry(key).boundaries;
  if (boundaries.size >= MAX_BOUNDARIES) return;
  boundaries.set(startIndex + returned, lastId);
}

/** Forgets everything remembered (the benchmark's "cold" figure: a client jumping straight to a page). */
export function forgetPaging(): void {
  memo.clear();
}
