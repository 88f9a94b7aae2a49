import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';
import { attributeIdsNamed, columnSource, nameById, startingWith, type SearchLayer } from './conditions.js';

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
  /** Rows of one counted column: a source code and its key (or any of several keys). */
  const column = (code: string, key: RawBuilder<unknown> | string) =>
    sql`source = ${code} AND key ${typeof key === 'string' ? sql`= ${key}` : sql`= ANY(${key})`}`;
  /** Whether the counts cannot answer: some `layer_value_columns` row of the layer meets `condition`. */
  const scan = (condition: RawBuilder<unknown>) =>
    sql<{ scan: boolean }>`SELECT EXISTS (
      SELECT 1 FROM layer_value_columns WHERE layer_id = ${layer.id} AND (${condition})) AS scan`;
  let check: RawBuilder<{ scan: boolean }>;
  let query: RawBuilder<{ key: string; n: string }>;
  switch (source.kind) {
    case 'computed':
      return null;
    case 'field':
    case 'property': {
      const counted = column(source.kind === 'field' ? 'f' : 'p', source.key);
      check = scan(sql`${counted} AND overflow`);
      // Straight from the (layer, source, key, n DESC, value) index.
      query = sql`SELECT value AS key, n FROM layer_value_counts
        WHERE layer_id = ${layer.id} AND ${counted} ${startingWith(sql`value`, prefix)}
        ORDER BY n DESC, value LIMIT ${size}`;
      break;
    }
    case 'system':
    case 'component': {
      const counted = column(source.kind === 'system' ? 's' : 'c', '');
      check = scan(sql`${counted} AND overflow`);
      query = sql`SELECT key, n FROM (
          SELECT ${nameById(source.kind, sql`v.value::uuid`)} AS key, v.n FROM layer_value_counts v
          WHERE layer_id = ${layer.id} AND ${counted}
        ) named WHERE key IS NOT NULL ${startingWith(sql`key`, prefix)} ORDER BY n DESC, key LIMIT ${size}`;
      break;
    }
    case 'dictionary': {
      const counted = column('a', attributeIdsNamed(source.dictionaryId, source.name));
      // The search reads a free property of that name where a feature lacks the attribute.
      check = scan(
        sql`(${column('p', source.name)} AND (distinct_values > 0 OR overflow)) OR (${counted} AND overflow)`,
      );
      query = sql`SELECT value AS key, sum(n) AS n FROM layer_value_counts
        WHERE layer_id = ${layer.id} AND ${counted} ${startingWith(sql`value`, prefix)}
        GROUP BY value ORDER BY 2 DESC, value LIMIT ${size}`;
      break;
    }
  }
  if ((await check.execute(db)).rows[0]?.scan) return null;
  const r = await query.execute(db);
  return r.rows.map((row) => ({ key: row.key, n: Number(row.n) }));
}
