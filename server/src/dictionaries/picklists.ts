import { z } from 'zod';
import { DICTIONARY_LIMITS, DICTIONARY_MSG, pickListSchema, updatePickListSchema } from '@fieldbook/domain';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, notFound, uniquely } from '../http/errors.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { pickListManager, readableDictionary, touch } from './access.js';
import { loadPickLists } from './tree.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { pickListActivity } from './activity.js';

type CreateInput = z.output<typeof pickListSchema>;
type UpdateInput = z.output<typeof updatePickListSchema>;

/** Values entered in the manager are at most 64 characters (96 inside an attribute dialog). */
function checkManagerValues(values: CreateInput['values'], fromManager: boolean) {
  if (fromManager && values.some((v) => v.value.length > DICTIONARY_LIMITS.pickListValueInManagerMax)) {
    throw badRequest(DICTIONARY_MSG.pickListValueTooLong);
  }
}

async function writeValues(trx: Transaction<DB>, pickListId: string, values: CreateInput['values']) {
  const keep = values.filter((v) => v.id).map((v) => v.id!);
  let stale = trx.deleteFrom('pick_list_values').where('pick_list_id', '=', pickListId);
  if (keep.length) stale = stale.where('id', 'not in', keep);
  await stale.execute();
  // Rewrite in list order; values are first set to their row ids so the unique index never trips mid-way.
  await trx
    .updateTable('pick_list_values')
    .set({ value: sql<string>`id::text` })
    .where('pick_list_id', '=', pickListId)
    .execute();
  for (const [index, v] of values.entries()) {
    const row = { value: v.value, label: v.label || v.value, sort_order: index };
    if (v.id) {
      const updated = await trx
        .updateTable('pick_list_values')
        .set(row)
        .where('id', '=', v.id)
        .where('pick_list_id', '=', pickListId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) continue;
    }
    await uniquely(DICTIONARY_MSG.pickListValueExists, () =>
      trx
        .insertInto('pick_list_values')
        .values({ pick_list_id: pickListId, ...row })
        .execute(),
    );
  }
}

async function globalNameTaken(deps: Deps, organizationId: string, name: string, exceptId?: string) {
  let q = deps.db
    .selectFrom('pick_lists')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('is_global', '=', true)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

async function present(deps: Deps, id: string) {
  const [list] = await loadPickLists(deps.db, { ids: [id] });
  if (!list) throw notFound();
  return list;
}

/** A list belongs to the caller's organization: naming another one in the body is not found. */
function checkedOrganization(caller: Caller, input: CreateInput) {
  if (input.organizationId && input.organizationId !== caller.organizationId) throw notFound();
}

/** A dictionary's list (org admin or project admin) or a global list of the organization (org admin). */
export async function createPickList(deps: Deps, caller: Caller, input: CreateInput, fromManager = false) {
  checkedOrganization(caller, input);
  checkManagerValues(input.values, fromManager);
  if (input.isGlobal) {
    requireOrgAdmin(caller);
    if (await globalNameTaken(deps, caller.organizationId, input.name))
      throw conflict(DICTIONARY_MSG.pickListNameTaken);
  } else {
    if (!input.dictionaryId) throw badRequest('app.dictionary.required');
    await pickListManager(deps.db, caller, input.dictionaryId);
  }
  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await uniquely(DICTIONARY_MSG.pickListNameTaken, () =>
      trx
        .insertInto('pick_lists')
        .values({
          organization_id: caller.organizationId,
          dictionary_id: input.isGlobal ? null : input.dictionaryId!,
          name: input.name,
          is_global: input.isGlobal,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    await writeValues(trx, row.id, input.values);
    if (input.dictionaryId) await touch(trx, caller, input.dictionaryId);
    await recordActivity(trx, actorOf(caller), pickListActivity('Add', row, { values: input.values.length }));
    return row.id;
  });
  return present(deps, id);
}

async function manageableList(deps: Deps, caller: Caller, id: string) {
  const list = await deps.db.selectFrom('pick_lists').selectAll().where('id', '=', id).executeTakeFirst();
  if (!list || (list.organization_id !== null && list.organization_id !== caller.organizationId)) throw notFound();
  if (list.dictionary_id) await pickListManager(deps.db, caller, list.dictionary_id);
  else {
    requireOrgAdmin(caller);
    if (list.organization_id !== caller.organizationId) throw notFound();
  }
  return list;
}

export async function updatePickList(deps: Deps, caller: Caller, id: string, input: UpdateInput, fromManager = false) {
  if (id !== input.id) throw badRequest('app.error.id-mismatch');
  checkedOrganization(caller, input);
  checkManagerValues(input.values, fromManager);
  const list = await manageableList(deps, caller, id);
  if (list.is_global && (await globalNameTaken(deps, caller.organizationId, input.name, id)))
    throw conflict(DICTIONARY_MSG.pickListNameTaken);
  await deps.db.transaction().execute(async (trx) => {
    await uniquely(DICTIONARY_MSG.pickListNameTaken, () =>
      trx.updateTable('pick_lists').set({ name: input.name }).where('id', '=', id).execute(),
    );
    await writeValues(trx, id, input.values);
    if (list.dictionary_id) await touch(trx, caller, list.dictionary_id);
    const renamed = list.name !== input.name ? { previousName: list.name } : {};
    await recordActivity(
      trx,
      actorOf(caller),
      pickListActivity('Edit', { ...list, name: input.name }, { ...renamed, values: input.values.length }),
    );
  });
  return present(deps, id);
}

export async function deletePickList(deps: Deps, caller: Caller, id: string) {
  const list = await manageableList(deps, caller, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('attributes').set({ pick_list_id: null }).where('pick_list_id', '=', id).execute();
    await trx.deleteFrom('pick_lists').where('id', '=', id).execute();
    if (list.dictionary_id) await touch(trx, caller, list.dictionary_id);
    await recordActivity(trx, actorOf(caller), pickListActivity('Delete', list));
  });
}

export async function getPickList(deps: Deps, caller: Caller, id: string) {
  const list = await deps.db.selectFrom('pick_lists').selectAll().where('id', '=', id).executeTakeFirst();
  if (!list || (list.organization_id !== null && list.organization_id !== caller.organizationId)) throw notFound();
  return present(deps, id);
}

/** The lists of a dictionary and the organization's global lists, by name, with the attributes using each. */
export async function listPickLists(deps: Deps, caller: Caller, dictionaryId: string) {
  await readableDictionary(deps.db, caller, dictionaryId);
  const own = await loadPickLists(deps.db, { dictionaryId });
  const globals = await deps.db
    .selectFrom('pick_lists')
    .select('id')
    .where('organization_id', '=', caller.organizationId)
    .where('is_global', '=', true)
    .execute();
  const all = [...own, ...(await loadPickLists(deps.db, { ids: globals.map((g) => g.id) }))].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const usage = all.length
    ? await deps.db
        .selectFrom('attributes')
        .innerJoin('components', 'components.id', 'attributes.component_id')
        .innerJoin('systems', 'systems.id', 'components.system_id')
        .select([
          'attributes.pick_list_id',
          'attributes.name as attribute',
          'components.alias as component',
          'systems.name as system',
        ])
        .where(
          'attributes.pick_list_id',
          'in',
          all.map((l) => l.id),
        )
        .execute()
    : [];
  return all.map((l) => ({
    ...l,
    usedBy: usage.filter((u) => u.pick_list_id === l.id).map(({ pick_list_id: _, ...u }) => u),
  }));
}
