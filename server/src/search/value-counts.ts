import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';
import { attributeIdsNamed, columnSource, type SearchLayer } from './conditions.js';

/**
 * A column's commonest values over a whole layer from the counts its feature writes keep
 * (`layer_value_counts`, migration 020) instead of a scan of the layer: the same buckets, in the same
 * order, as counting the matches of an unnarrowed search. Null when the counts cannot answer exactly
 * (a computed column, a column of too many distinct values to be counted, or a dictionary column some
 * feature also holds as a free property), so the caller scans.
 */
export async function countedValueBuckets(
  db: Executor,
  layer: SearchLayer,
  field: string,
  prefix: string | undefined,
  size: number,
): Promise<Array<{ key: string; n: number }> | null> {
  const source = columnSource(layer, field);
  const of = (code: string, key: RawBuilder<unknown> | string) =>
    sql`layer_id = ${layer.id} AND source = ${code} AND key ${typeof key === 'string' ? sql`= ${key}` : sql`= ANY(${key})`}`;
  const starting = (key: RawBuilder<unknown>) =>
    prefix ? sql`AND lower(${key}) LIKE ${`${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  // Whether the counts cannot answer: a column no longer counted, or (for a dictionary column) a free
  // property of that name held by some feature, which the search reads where the attribute is missing.
  const scan = (condition: RawBuilder<unknown>) =>
    sql<{
      scan: boolean;
    }>`SELECT EXISTS (SELECT 1 FROM layer_value_columns WHERE layer_id = ${layer.id} AND (${condition})) AS scan`;
  const overflow = (code: string, key: RawBuilder<unknown> | string) =>
    sql`source = ${code} AND key ${typeof key === 'string' ? sql`= ${key}` : sql`= ANY(${key})`} AND overflow`;
  let check: RawBuilder<{ scan: boolean }>;
  let query: RawBuilder<{ key: string; n: string }>;
  switch (source.kind) {
    case 'computed':
      return null;
    case 'field':
    case 'property': {
      const code = source.kind === 'field' ? 'f' : 'p';
      check = scan(overflow(code, source.key));
      // Straight from the (layer, source, key, n DESC, value) index.
      query = sql`SELECT value AS key, n FROM layer_value_counts
        WHERE ${of(code, source.key)} ${starting(sql`value`)}
        ORDER BY n DESC, value LIMIT ${size}`;
      break;
    }
    case 'system':
    case 'component': {
      const code = source.kind === 'system' ? 's' : 'c';
      const name =
        source.kind === 'system'
          ? sql`(SELECT s.name FROM systems s WHERE s.id = v.value::uuid)`
          : sql`(SELECT c.alias FROM components c WHERE c.id = v.value::uuid)`;
      check = scan(overflow(code, ''));
      query = sql`SELECT key, n FROM (
          SELECT ${name} AS key, v.n FROM layer_value_counts v WHERE ${of(code, '')}
        ) named WHERE key IS NOT NULL ${starting(sql`key`)} ORDER BY n DESC, key LIMIT ${size}`;
      break;
    }
    case 'dictionary': {
      const ids = attributeIdsNamed(source.dictionaryId, source.name);
      check = scan(
        sql`(source = 'p' AND key = ${source.name} AND (distinct_values > 0 OR overflow)) OR (${overflow('a', ids)})`,
      );
      query = sql`SELECT value AS key, sum(n) AS n FROM layer_value_counts
        WHERE ${of('a', ids)} ${starting(sql`value`)}
        GROUP BY value ORDER BY 2 DESC, value LIMIT ${size}`;
      break;
    }
  }
  if ((await check.execute(db)).rows[0]?.scan) return null;
  const r = await query.execute(db);
  return r.rows.map((row) => ({ key: row.key, n: Number(row.n) }));
}
