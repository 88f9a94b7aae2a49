import { z } from 'zod';
import { DATA_MSG, DICTIONARY_LIMITS, saveSymbolSchema, SYMBOL_FORMATS } from '@fieldbook/domain';
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, notFound, uniquely } from '../http/errors.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { rasterImageType } from '../platform/image-type.js';
import { requireOwnRows } from '../authz/references.js';
import { actorOf, actorOfAccount, recordActivity } from '../activities/record.js';
import { namedActivity } from '../organizations/settings-activity.js';

type SymbolRow = NonNullable<Awaited<ReturnType<typeof findSymbol>>>;
const iso = (d: Date | string) => new Date(d).toISOString();

async function findSymbol(db: Executor, organizationId: string, id: string) {
  return db
    .selectFrom('symbols')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/**
 * The image URL, cache-busted by the last change so browsers never show a replaced image. Relative,
 * so it works behind any proxy or dev server the page was loaded through.
 */
export const symbolUrl = (row: Pick<SymbolRow, 'id' | 'updated_at' | 'file_key'>) =>
  row.file_key ? `/rest/symbols/${row.id}/image?v=${new Date(row.updated_at).getTime()}` : null;

/** Symbols are settings of the organization (category General). */
const symbolActivity = (type: 'Add' | 'Edit' | 'Delete', row: SymbolRow, extra: Record<string, unknown> = {}) =>
  namedActivity({ type, noun: 'Symbol', idKey: 'symbolId', thing: row, extra });

function present(deps: Deps, row: SymbolRow) {
  return {
    id: row.id,
    name: row.name,
    format: row.format,
    originalName: row.original_name,
    symbolUrl: symbolUrl(row),
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by,
  };
}

async function nameExists(db: Executor, organizationId: string, name: string, excludeId?: string) {
  let q = db
    .selectFrom('symbols')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where(sql<string>`lower(btrim(name))`, '=', name.trim().toLowerCase());
  if (excludeId) q = q.where('id', '<>', excludeId);
  return !!(await q.executeTakeFirst());
}

export async function checkName(deps: Deps, caller: Caller, name: string, excludeId?: string) {
  return { exists: await nameExists(deps.db, caller.organizationId, name, excludeId) };
}

/** Components whose style points at the symbol's image. */
async function usingComponents(db: Executor, organizationId: string, id: string) {
  return db
    .selectFrom('components')
    .innerJoin('systems', 'systems.id', 'components.system_id')
    .innerJoin('dictionaries', 'dictionaries.id', 'systems.dictionary_id')
    .select(['components.id', 'dictionaries.id as dictionary_id'])
    .where('dictionaries.organization_id', '=', organizationId)
    .where('components.style', 'like', `%/rest/symbols/${id}/image%`)
    .execute();
}

export async function countUsage(deps: Deps, caller: Caller, id: string) {
  if (!(await findSymbol(deps.db, caller.organizationId, id))) throw notFound();
  return { count: (await usingComponents(deps.db, caller.organizationId, id)).length };
}

/**
 * Creates or renames a symbol and answers a postUrl for its image (required on create, optional on
 * edit) and the dictionaries that use it, so they are repackaged once the image changed.
 */
export async function saveSymbol(
  deps: Deps,
  caller: Caller,
  id: string | null,
  input: z.output<typeof saveSymbolSchema>,
) {
  requireOrgAdmin(caller);
  if (input.size !== undefined && input.size >= DICTIONARY_LIMITS.symbolImageMaxBytes)
    throw badRequest(DATA_MSG.symbolTooLarge);
  if (input.size === 0) throw badRequest(DATA_MSG.symbolEmpty);
  if (await nameExists(deps.db, caller.organizationId, input.name, id ?? undefined))
    throw conflict(DATA_MSG.symbolNameExists);
  const before = id ? await findSymbol(deps.db, caller.organizationId, id) : undefined;
  if (id && !before) throw notFound();
  if (!before && !input.originalName) throw badRequest(DATA_MSG.symbolBadType);
  const row = await deps.db.transaction().execute(async (trx) => {
    const saved = before
      ? await uniquely(DATA_MSG.symbolNameExists, () =>
          trx
            .updateTable('symbols')
            .set({
              name: input.name,
              ...(input.originalName ? { original_name: input.originalName } : {}),
              updated_at: new Date(),
              updated_by: caller.accountId,
            })
            .where('id', '=', before.id)
            .returningAll()
            .executeTakeFirstOrThrow(() => notFound()),
        )
      : await uniquely(DATA_MSG.symbolNameExists, () =>
          trx
            .insertInto('symbols')
            .values({
              organization_id: caller.organizationId,
              name: input.name,
              format: null,
              original_name: input.originalName,
              file_key: null,
              created_by: caller.accountId,
              updated_by: caller.accountId,
            })
            .returningAll()
            .executeTakeFirstOrThrow(),
        );
    const renamed = before && before.name !== saved.name ? { previousName: before.name } : {};
    await recordActivity(trx, actorOf(caller), symbolActivity(before ? 'Edit' : 'Add', saved, renamed));
    return saved;
  });
  const postUrl = input.originalName
    ? await deps.uploads.create({
        target: 'symbol',
        id: row.id,
        organizationId: caller.organizationId,
        accountId: caller.accountId,
      })
    : null;
  const dictionaryIDsUsing = [
    ...new Set((await usingComponents(deps.db, caller.organizationId, row.id)).map((c) => c.dictionary_id)),
  ];
  return { ...present(deps, row), postUrl, dictionaryIDsUsing };
}

/** The upload behind a postUrl: the image must really be png, jpg or gif, non-empty and under the limit. */
export async function receiveImage(
  deps: Deps,
  grant: { id: string; organizationId: string; accountId: string },
  data: Buffer,
  originalName?: string,
) {
  if (data.length === 0) throw badRequest(DATA_MSG.symbolEmpty);
  if (data.length >= DICTIONARY_LIMITS.symbolImageMaxBytes) throw badRequest(DATA_MSG.symbolTooLarge);
  const detected = rasterImageType(data)?.format;
  const format = SYMBOL_FORMATS.find((f) => f === detected);
  if (!format) throw badRequest(DATA_MSG.symbolBadType);
  const row = await findSymbol(deps.db, grant.organizationId, grant.id);
  if (!row) throw notFound();
  const key = `symbols/${grant.organizationId}/${row.id}.${format}`;
  if (row.file_key && row.file_key !== key) await deps.files.delete(row.file_key);
  await deps.files.put(key, data);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('symbols')
      .set({
        format,
        file_key: key,
        original_name: originalName ?? row.original_name ?? `${row.name}.${format}`,
        updated_at: new Date(),
        updated_by: grant.accountId,
      })
      .where('id', '=', row.id)
      .execute();
    // An upload to a signed URL has no request caller: the grant names who asked for it.
    const actor = await actorOfAccount(trx, grant.accountId, grant.organizationId);
    await recordActivity(trx, actor, symbolActivity('Edit', row, { changes: ['image'], format }));
  });
  return present(deps, (await findSymbol(deps.db, grant.organizationId, row.id))!);
}

/** The dictionaries using a symbol changed: their packages (what devices download) are refreshed. */
export async function triggerPackaging(deps: Deps, caller: Caller, dictionaryIds: string[]) {
  requireOrgAdmin(caller);
  if (dictionaryIds.length === 0) return { dictionaryIds: [] };
  await requireOwnRows(deps.db, 'dictionaries', dictionaryIds, caller.organizationId);
  const rows = await deps.db
    .updateTable('dictionaries')
    .set({ updated_at: new Date(), updated_by: caller.accountId })
    .where('id', 'in', dictionaryIds)
    .where('organization_id', '=', caller.organizationId)
    .returning('id')
    .execute();
  return { dictionaryIds: rows.map((r) => r.id) };
}

export async function listSymbols(
  deps: Deps,
  caller: Caller,
  q: { search?: string; page: number; pageSize: number; sort: 'name' | 'format' | 'updatedAt'; order: 'asc' | 'desc' },
) {
  let query = deps.db.selectFrom('symbols').where('organization_id', '=', caller.organizationId);
  if (q.search) query = query.where('name', 'ilike', `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const column = { name: 'name', format: 'format', updatedAt: 'updated_at' } as const;
  const rows = await query
    .selectAll()
    .orderBy(column[q.sort], q.order)
    .orderBy('id')
    .limit(q.pageSize)
    .offset(q.page * q.pageSize)
    .execute();
  return { data: rows.map((r) => present(deps, r)), page: q.page, totalCount: Number(total) };
}

export async function getSymbol(deps: Deps, caller: Caller, id: string) {
  const row = await findSymbol(deps.db, caller.organizationId, id);
  if (!row) throw notFound();
  return present(deps, row);
}

export async function deleteSymbol(deps: Deps, caller: Caller, id: string) {
  requireOrgAdmin(caller);
  const row = await findSymbol(deps.db, caller.organizationId, id);
  if (!row) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('symbols').where('id', '=', id).execute();
    await recordActivity(trx, actorOf(caller), symbolActivity('Delete', row));
  });
  if (row.file_key) await deps.files.delete(row.file_key);
}

export async function symbolImage(deps: Deps, id: string) {
  const row = await deps.db
    .selectFrom('symbols')
    .select(['file_key', 'format'])
    .where('id', '=', id)
    .executeTakeFirst();
  const data = row?.file_key ? await deps.files.get(row.file_key) : null;
  if (!row || !data) throw notFound();
  return { data, contentType: row.format === 'jpg' ? 'image/jpeg' : `image/${row.format}` };
}
