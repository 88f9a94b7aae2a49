import { sql, type Kysely } from 'kysely';

/**
 * How many live features of a layer hold each value of each column (issue #13: field-value
 * aggregations over a layer of a million features in well under 300 ms). Counting a column's values by
 * scanning the layer reads every row's JSON: 1.6 s for a typed field and 11 s for a dictionary
 * attribute over 1M features. Here the counts are kept as features are written, by statement-level
 * triggers that fold each statement's changed rows (transition tables) into `layer_value_counts` in the
 * writer's own transaction, so every path that writes features (the feature API, WFS-T, OGC API,
 * imports, moves, restores, soft and hard deletes) keeps them exact without knowing about them. A bulk
 * statement (an import's COPY of 10,000 rows) costs one GROUP BY over those rows.
 *
 * A column of more than DISTINCT_VALUES_KEPT distinct values (an id, a label, a measurement) stops being
 * counted once it passes them (`layer_value_columns.overflow`): its counts would be as large as the
 * layer, cost an import of unique values a second index entry per value, and its "commonest values" are
 * mostly ones held once; the search counts such a column by scanning.
 *
 * Sources: 'f' a typed field (key: its name in field_values), 'a' a dictionary attribute (key: its id;
 * the first entry of an id in a feature counts, as the search reads it), 'p' a free property (key: its
 * name), 's' the system and 'c' the component (key '', value: the id). Null values are not counted.
 * The search service reads these counts for an unnarrowed layer (server/src/search/value-counts.ts).
 */
// Past this many distinct values a column is no longer counted (its counts would be as large as the layer).
const DISTINCT_VALUES_KEPT = 10_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  // No key to layers: a layer's deletion deletes its features, whose trigger takes the counts to zero.
  await sql`CREATE TABLE layer_value_counts (
    layer_id uuid NOT NULL,
    source "char" NOT NULL,
    key text NOT NULL,
    value text NOT NULL,
    n bigint NOT NULL,
    PRIMARY KEY (layer_id, source, key, value))`.execute(db);
  // The commonest values of one column first, straight from the index.
  await sql`CREATE INDEX layer_value_counts_top_idx ON layer_value_counts (layer_id, source, key, n DESC, value)`.execute(
    db,
  );
  // Counts that reach zero are removed after each statement; this index finds them without a scan.
  await sql`CREATE INDEX layer_value_counts_zero_idx ON layer_value_counts (layer_id) WHERE n <= 0`.execute(db);

  await sql`CREATE FUNCTION feature_value_keys(system_id uuid, component_id uuid, field_values jsonb,
      attributes jsonb, properties jsonb)
    RETURNS TABLE (source "char", key text, value text) LANGUAGE sql IMMUTABLE AS $$
      SELECT 's'::"char", '', system_id::text WHERE system_id IS NOT NULL
      UNION ALL SELECT 'c'::"char", '', component_id::text WHERE component_id IS NOT NULL
      UNION ALL SELECT 'f'::"char", e.key, e.value FROM jsonb_each_text(
        CASE WHEN jsonb_typeof(field_values) = 'object' THEN field_values ELSE '{}'::jsonb END) e
        WHERE e.value IS NOT NULL
      UNION ALL SELECT 'p'::"char", e.key, e.value FROM jsonb_each_text(
        CASE WHEN jsonb_typeof(properties) = 'object' THEN properties ELSE '{}'::jsonb END) e
        WHERE e.value IS NOT NULL
      UNION ALL SELECT 'a'::"char", a.id, a.value FROM (
        SELECT DISTINCT ON (av->>'attributeId') av->>'attributeId' AS id, av->>'attributeValue' AS value
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(attributes) = 'array' THEN attributes ELSE '[]'::jsonb END)
          WITH ORDINALITY AS x(av, i)
        WHERE jsonb_typeof(av) = 'object' AND av ? 'attributeId'
        ORDER BY av->>'attributeId', i) a
        WHERE a.value IS NOT NULL
    $$`.execute(db);

  // Per column: how many distinct values it holds, and whether it passed DISTINCT_VALUES_KEPT and is
  // no longer counted (ids, labels, measurements: their "commonest values" are a scan's business).
  await sql`CREATE TABLE layer_value_columns (
    layer_id uuid NOT NULL,
    source "char" NOT NULL,
    key text NOT NULL,
    distinct_values bigint NOT NULL DEFAULT 0,
    overflow boolean NOT NULL DEFAULT false,
    PRIMARY KEY (layer_id, source, key))`.execute(db);
  await sql
    .raw(
      `CREATE INDEX layer_value_columns_full_idx ON layer_value_columns (layer_id)
      WHERE distinct_values > ${DISTINCT_VALUES_KEPT} AND NOT overflow`,
    )
    .execute(db);

  // One function per event: a transition table exists only for the events that declare it.
  // Columns no longer counted are taken out of each row before it is taken apart: an import of unique
  // ids pays for its first 10,000 values only (measured on 900,000 rows of three unique columns: the
  // counts cost 4 s without this, more than the insert's own 3.5 s). Only when the statement writes one
  // layer; the NOT EXISTS below keeps a statement over several layers exact.
  const skip = (rows: string) => `
    SELECT CASE WHEN count(DISTINCT layer_id) = 1 THEN min(layer_id::text)::uuid END INTO one_layer FROM (${rows}) r;
    SELECT coalesce(array_agg(key) FILTER (WHERE source = 'f'), '{}'), coalesce(array_agg(key) FILTER (WHERE source = 'p'), '{}')
      INTO skipped_fields, skipped_properties
      FROM layer_value_columns WHERE layer_id = one_layer AND overflow;`;
  const fold = (rows: string) => `
    WITH up AS (
      INSERT INTO layer_value_counts AS c (layer_id, source, key, value, n)
      SELECT d.layer_id, d.source, d.key, d.value, sum(d.sign) FROM (
        SELECT r.layer_id, v.source, v.key, v.value, r.sign FROM (
          SELECT layer_id, system_id, component_id, attributes, sign, field_values - skipped_fields AS fv,
            properties - skipped_properties AS pv FROM (${rows}) l) r
        CROSS JOIN LATERAL feature_value_keys(r.system_id, r.component_id, r.fv, r.attributes, r.pv) v
        -- Rows with nothing left to count (an import of unique columns) are not taken apart at all.
        WHERE r.system_id IS NOT NULL OR r.component_id IS NOT NULL OR r.fv <> '{}' OR r.attributes <> '[]'
          OR r.pv <> '{}'
      ) d
      WHERE NOT EXISTS (SELECT 1 FROM layer_value_columns o
        WHERE o.layer_id = d.layer_id AND o.source = d.source AND o.key = d.key AND o.overflow)
      GROUP BY 1, 2, 3, 4 HAVING sum(d.sign) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (layer_id, source, key, value) DO UPDATE SET n = c.n + excluded.n
      RETURNING layer_id, source, key, (xmax = 0) AS inserted)
    INSERT INTO layer_value_columns AS col (layer_id, source, key, distinct_values)
    SELECT layer_id, source, key, count(*) FROM up WHERE inserted GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (layer_id, source, key) DO UPDATE SET distinct_values = col.distinct_values + excluded.distinct_values;

    WITH gone AS (DELETE FROM layer_value_counts WHERE n <= 0 RETURNING layer_id, source, key)
    UPDATE layer_value_columns col SET distinct_values = col.distinct_values - g.n
    FROM (SELECT layer_id, source, key, count(*) AS n FROM gone GROUP BY 1, 2, 3) g
    WHERE col.layer_id = g.layer_id AND col.source = g.source AND col.key = g.key;

    WITH full_columns AS (
      UPDATE layer_value_columns SET overflow = true, distinct_values = 0
      WHERE distinct_values > ${DISTINCT_VALUES_KEPT} AND NOT overflow RETURNING layer_id, source, key)
    DELETE FROM layer_value_counts c USING full_columns f
    WHERE c.layer_id = f.layer_id AND c.source = f.source AND c.key = f.key;`;
  const live = (table: string, sign: number) =>
    `SELECT layer_id, system_id, component_id, field_values, attributes, properties, ${sign} AS sign
     FROM ${table} WHERE deleted_at IS NULL`;
  const events: Array<[string, string, string]> = [
    ['insert', 'NEW TABLE AS new_rows', live('new_rows', 1)],
    [
      'update',
      'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      `${live('new_rows', 1)} UNION ALL ${live('old_rows', -1)}`,
    ],
    ['delete', 'OLD TABLE AS old_rows', live('old_rows', -1)],
  ];
  for (const [event, referencing, rows] of events) {
    await sql
      .raw(
        `CREATE FUNCTION features_count_values_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE one_layer uuid; skipped_fields text[] := '{}'; skipped_properties text[] := '{}';
        BEGIN ${skip(rows)} ${fold(rows)} RETURN NULL; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER features_count_values_${event} AFTER ${event.toUpperCase()} ON features
        REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION features_count_values_${event}()`,
      )
      .execute(db);
  }
  await sql`CREATE FUNCTION features_count_values_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN TRUNCATE layer_value_counts, layer_value_columns; RETURN NULL; END $$`.execute(db);
  await sql`CREATE TRIGGER features_count_values_truncate AFTER TRUNCATE ON features
    FOR EACH STATEMENT EXECUTE FUNCTION features_count_values_truncate()`.execute(db);

  // The features already there.
  await sql`INSERT INTO layer_value_counts (layer_id, source, key, value, n)
    SELECT f.layer_id, v.source, v.key, v.value, count(*) FROM features f
    CROSS JOIN LATERAL feature_value_keys(f.system_id, f.component_id, f.field_values, f.attributes, f.properties) v
    WHERE f.deleted_at IS NULL GROUP BY 1, 2, 3, 4`.execute(db);
  await sql`INSERT INTO layer_value_columns (layer_id, source, key, distinct_values)
    SELECT layer_id, source, key, count(*) FROM layer_value_counts GROUP BY 1, 2, 3`.execute(db);
  await sql
    .raw(
      `WITH full_columns AS (
        UPDATE layer_value_columns SET overflow = true, distinct_values = 0
        WHERE distinct_values > ${DISTINCT_VALUES_KEPT} RETURNING layer_id, source, key)
      DELETE FROM layer_value_counts c USING full_columns f
      WHERE c.layer_id = f.layer_id AND c.source = f.source AND c.key = f.key`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`DROP TRIGGER IF EXISTS features_count_values_${event} ON features`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS features_count_values_${event}()`).execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS feature_value_keys(uuid, uuid, jsonb, jsonb, jsonb)`.execute(db);
  await sql`DROP TABLE IF EXISTS layer_value_counts, layer_value_columns`.execute(db);
}
