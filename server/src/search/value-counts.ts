import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/types.js';
import { attributeIdsNamed, columnSource, type SearchLayer } from './conditions.js';

/**
 * A column's commonest values over a whole layer from the counts its feature writes keep
 * (`layer_value_counts`, migration 020) instead of a scan of the layer: the same buckets, in the same
 * order, as counting the matches of an unnarrowed search. Null when the counts cannot answer exactly
 * (a computed column, or a dictionary column some feature also holds as a free property), so the
 * caller scans.
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
  let query: RawBuilder<{ key: string; n: string }>;
  switch (source.kind) {
    case 'computed':
      return null;
    case 'field':
    case 'property':
      // Straight from the (layer, source, key, n DESC, value) index.
      query = sql`SELECT value AS key, n FROM layer_value_counts
        WHERE ${of(source.kind === 'field' ? 'f' : 'p', source.key)} ${starting(sql`value`)}
        ORDER BY n DESC, value LIMIT ${size}`;
      break;
    case 'system':
    case 'component': {
      const name =
        source.kind === 'system'
          ? sql`(SELECT s.name FROM systems s WHERE s.id = v.value::uuid)`
          : sql`(SELECT c.alias FROM components c WHERE c.id = v.value::uuid)`;
      query = sql`SELECT key, n FROM (
          SELECT ${name} AS key, v.n FROM layer_value_counts v WHERE ${of(source.kind === 'system' ? 's' : 'c', '')}
        ) named WHERE key IS NOT NULL ${starting(sql`key`)} ORDER BY n DESC, key LIMIT ${size}`;
      break;
    }
    case 'dictionary': {
      // The search reads a free property of that name where a feature lacks the attribute.
      const mixed = await sql`SELECT 1 FROM layer_value_counts WHERE ${of('p', source.name)} LIMIT 1`.execute(db);
      if (mixed.rows.length) return null;
      query = sql`SELECT value AS key, sum(n) AS n FROM layer_value_counts
        WHERE ${of('a', attributeIdsNamed(source.dictionaryId, source.name))} ${starting(sql`value`)}
        GROUP BY value ORDER BY 2 DESC, value LIMIT ${size}`;
      break;
    }
  }
  const r = await query.execute(db);
  return r.rows.map((row) => ({ key: row.key, n: Number(row.n) }));
}
