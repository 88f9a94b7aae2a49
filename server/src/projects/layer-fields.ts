import { sql } from 'kysely';
import { FIELD_MSG, sortedFields, type LayerField, type LayerFieldInput } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { loadMany, toFeature } from '../features/service.js';
import { addVersions } from '../features/store.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';

/** What a new field list does to the stored one: the list to store, renames (old → new) and removed names. */
export interface FieldChanges {
  fields: LayerField[];
  renames: Map<string, string>;
  removed: string[];
}

/**
 * Reads a layer PUT's whole field list against the stored one. An entry with `previousName` renames
 * that field (case-insensitive); an entry without it keeps the stored field of its name unless that
 * one is being renamed (then it is a new field: renaming a → b and adding a new a is allowed); any
 * other entry is new; stored fields named by no entry are removed. A kept or renamed field keeps its
 * type (remove and add it to change the type: the old values stay in the history).
 */
export function fieldChanges(stored: LayerField[], input: LayerFieldInput[]): FieldChanges {
  const byName = new Map(stored.map((f) => [f.name.toLowerCase(), f]));
  const consumed = new Set<string>();
  const renames = new Map<string, string>();
  const sources = input.map((entry) => {
    if (entry.previousName === undefined) return undefined;
    const source = byName.get(entry.previousName.toLowerCase());
    if (!source) throw badRequest(FIELD_MSG.previousNameUnknown, undefined, { field: entry.previousName });
    consumed.add(source.name);
    if (source.name !== entry.name) renames.set(source.name, entry.name);
    return source;
  });
  input.forEach((entry, i) => {
    if (sources[i]) return;
    const same = byName.get(entry.name.toLowerCase());
    if (same && !consumed.has(same.name)) {
      consumed.add(same.name);
      if (same.name !== entry.name) renames.set(same.name, entry.name);
      sources[i] = same;
    }
  });
  input.forEach((entry, i) => {
    if (sources[i] && sources[i].type !== entry.type)
      throw badRequest(FIELD_MSG.typeChange, undefined, { field: entry.name });
  });
  return {
    fields: sortedFields(input.map(({ name, type, order }) => ({ name, type, order }))),
    renames,
    removed: stored.filter((f) => !consumed.has(f.name)).map((f) => f.name),
  };
}

/** Version rows are written this many features at a time. */
const VERSION_BATCH = 1000;

/**
 * Moves the values of renamed fields and drops those of removed ones in every feature of the layer
 * that has any, with an 'Edit' version row per changed feature holding its values before (so a removed
 * field's values stay in the history). Run inside the transaction that stores the new field list.
 */
export async function applyFieldChanges(trx: Executor, caller: Caller, layerId: string, changes: FieldChanges) {
  const oldNames = [...changes.renames.keys(), ...changes.removed];
  if (oldNames.length === 0) return;
  const touched = await sql<{ id: string }>`
    SELECT id::text AS id FROM features
    WHERE layer_id = ${layerId} AND deleted_at IS NULL AND field_values ?| ${oldNames}::text[] ORDER BY id`.execute(
    trx,
  );
  const ids = touched.rows.map((r) => r.id);
  for (let start = 0; start < ids.length; start += VERSION_BATCH) {
    const rows = await loadMany(trx, caller, ids.slice(start, start + VERSION_BATCH));
    await addVersions(
      trx,
      caller,
      'Edit',
      rows.map((row) => ({ id: row.id, before: toFeature(row) })),
    );
  }
  if (ids.length === 0) return;
  // Both sides read the row's values before the update, so swapping two names works.
  // jsonb_build_object takes at most 100 arguments: 50 renames per call.
  const moved = [...changes.renames].map(([from, to]) => sql`${to}::text, field_values->${from}::text`);
  const calls = [];
  for (let start = 0; start < moved.length; start += 50)
    calls.push(sql`jsonb_build_object(${sql.join(moved.slice(start, start + 50))})`);
  const renamed = calls.length ? sql`jsonb_strip_nulls(${sql.join(calls, sql` || `)})` : sql`'{}'::jsonb`;
  await sql`
    UPDATE features SET field_values = (field_values - ${oldNames}::text[]) || ${renamed},
      updated_at = now(), updated_by = ${caller.accountId}
    WHERE layer_id = ${layerId} AND deleted_at IS NULL AND field_values ?| ${oldNames}::text[]`.execute(trx);
  await bumpLayerDataVersion(trx, [layerId]);
}
