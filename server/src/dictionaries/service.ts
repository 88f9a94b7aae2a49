import { z } from 'zod';
import { DICTIONARY_MSG, copyDictionarySchema, reorderSchema, type DictionaryOut } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { AppError, badRequest, forbidden } from '../http/errors.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { deepCopyDictionary } from './copy.js';
import { editableDictionary, isEditable, readableDictionary, touch } from './access.js';
import { assignedProjectIds, loadDictionaryTree, presentDictionary } from './tree.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { dictionaryActivity } from './activity.js';

/** Provider templates first, then the organization's dictionaries, by name. */
export async function listDictionaries(deps: Deps, caller: Caller, flat: boolean) {
  const rows = await deps.db
    .selectFrom('dictionaries')
    .selectAll()
    .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', caller.organizationId)]))
    .orderBy('name')
    .execute();
  rows.sort(
    (a, b) => Number(a.organization_id !== null) - Number(b.organization_id !== null) || a.name.localeCompare(b.name),
  );
  const out = [];
  for (const row of rows) {
    out.push(
      flat
        ? presentDictionary(row, isEditable(caller, row), await assignedProjectIds(deps.db, row.id))
        : await loadDictionaryTree(deps.db, row, isEditable(caller, row)),
    );
  }
  return out;
}

export async function countOrganizationDictionaries(deps: Deps, caller: Caller): Promise<{ count: number }> {
  const { count } = await deps.db
    .selectFrom('dictionaries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirstOrThrow();
  return { count: Number(count) };
}

export async function getDictionary(
  deps: Deps,
  caller: Caller,
  id: string,
  options: { includeGlobalPickLists?: boolean } = {},
): Promise<DictionaryOut> {
  const d = await readableDictionary(deps.db, caller, id);
  return loadDictionaryTree(deps.db, d, isEditable(caller, d), options);
}

/** Create from a template, or copy a dictionary: an organization admin, in one transaction. */
export async function copyDictionary(
  deps: Deps,
  caller: Caller,
  sourceId: string,
  input: z.output<typeof copyDictionarySchema>,
): Promise<DictionaryOut> {
  requireOrgAdmin(caller);
  const source = await readableDictionary(deps.db, caller, sourceId);
  const id = await deps.db.transaction().execute(async (trx) => {
    const copyId = await deepCopyDictionary(trx, sourceId, {
      organizationId: caller.organizationId,
      name: input.name,
      isReadonly: input.isReadonly,
      accountId: caller.accountId,
    });
    await recordActivity(
      trx,
      actorOf(caller),
      dictionaryActivity('Add', { id: copyId, name: input.name }, { copiedFromId: source.id, copiedFrom: source.name }),
    );
    return copyId;
  });
  return getDictionary(deps, caller, id);
}

export async function renameDictionary(deps: Deps, caller: Caller, id: string, name: string): Promise<DictionaryOut> {
  const before = await editableDictionary(deps.db, caller, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('dictionaries')
      .set({ name, updated_at: new Date(), updated_by: caller.accountId })
      .where('id', '=', id)
      .execute();
    await recordActivity(trx, actorOf(caller), dictionaryActivity('Edit', { id, name }, { previousName: before.name }));
  });
  return getDictionary(deps, caller, id);
}

/** A dictionary of a project, or assigned to any project, cannot be deleted (spec 2 §2). */
export async function deleteDictionary(deps: Deps, caller: Caller, id: string): Promise<void> {
  requireOrgAdmin(caller);
  const d = await readableDictionary(deps.db, caller, id);
  if (d.organization_id !== caller.organizationId) throw forbidden(DICTIONARY_MSG.notEditable);
  await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .selectFrom('projects')
      .select('id')
      .where('dictionary_id', '=', id)
      .limit(1)
      .forUpdate()
      .execute();
    if (d.project_id || used.length) throw new AppError(409, 'Conflict', DICTIONARY_MSG.inUse);
    await trx.deleteFrom('dictionaries').where('id', '=', id).execute();
    await recordActivity(trx, actorOf(caller), dictionaryActivity('Delete', d));
  });
}

/** Orders within a parent: every id must belong to it; orders are renumbered 0..n-1 in the given order. */
export function renumber(items: z.output<typeof reorderSchema>, ownIds: string[]): string[] {
  const ids = [...items].sort((a, b) => a.order - b.order).map((i) => i.id);
  if (ids.some((id) => !ownIds.includes(id)) || new Set(ids).size !== ids.length)
    throw badRequest('app.dictionary.reorder.invalid');
  return [...ids, ...ownIds.filter((id) => !ids.includes(id))];
}

export async function reorderSystems(
  deps: Deps,
  caller: Caller,
  dictionaryId: string,
  items: z.output<typeof reorderSchema>,
): Promise<DictionaryOut> {
  const dictionary = await editableDictionary(deps.db, caller, dictionaryId);
  await deps.db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom('systems')
      .select('id')
      .where('dictionary_id', '=', dictionaryId)
      .orderBy('sort_order')
      .execute();
    const ordered = renumber(
      items,
      own.map((s) => s.id),
    );
    for (const [index, id] of ordered.entries())
      await trx.updateTable('systems').set({ sort_order: index }).where('id', '=', id).execute();
    await touch(trx, caller, dictionaryId);
    await recordActivity(trx, actorOf(caller), dictionaryActivity('Edit', dictionary, { changes: ['systemOrder'] }));
  });
  return getDictionary(deps, caller, dictionaryId);
}
