import { z } from 'zod';
import {
  DICTIONARY_MSG,
  attributeTypeName,
  createAttributeSchema,
  effectiveRequired,
  isPickListType,
  searchIndexSchema,
  updateAttributeSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound, uniquely } from '../http/errors.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { editableComponent, readableDictionary, touch } from './access.js';
import { loadAttributes } from './tree.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { attributeActivity, editedAttribute, pickListActivity } from './activity.js';

type CreateInput = z.output<typeof createAttributeSchema>;
type UpdateInput = z.output<typeof updateAttributeSchema>;

/**
 * Pick-list types need a list with at least one value (a global one for 'Global Pick List');
 * other types carry no list.
 */
async function checkedPickList(
  db: Executor,
  caller: Caller,
  typeId: number,
  pickListId: string | null | undefined,
): Promise<string | null> {
  const type = attributeTypeName(typeId)!;
  if (!isPickListType(type)) return null;
  if (!pickListId) throw badRequest(DICTIONARY_MSG.pickListNeedsValue);
  // Only the organization's own lists: a provider template's list is read-only to it (and would be
  // dropped with the attribute's last use), another organization's is not found.
  const list = await db
    .selectFrom('pick_lists')
    .selectAll()
    .where('id', '=', pickListId)
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!list) throw notFound('app.dictionary.picklist.not-found');
  if (type === 'Global Pick List' && !list.is_global) throw badRequest('app.dictionary.picklist.not-global');
  const value = await db
    .selectFrom('pick_list_values')
    .select('id')
    .where('pick_list_id', '=', list.id)
    .limit(1)
    .executeTakeFirst();
  if (!value) throw badRequest(DICTIONARY_MSG.pickListNeedsValue);
  return list.id;
}

/** Deletes attributes; their own (non-global) pick lists go too when nothing else uses them. */
export async function removeAttributes(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const lists = await db
    .selectFrom('attributes')
    .innerJoin('pick_lists', 'pick_lists.id', 'attributes.pick_list_id')
    .select('pick_lists.id')
    .where('attributes.id', 'in', ids)
    .where('pick_lists.is_global', '=', false)
    .execute();
  await db.deleteFrom('attributes').where('id', 'in', ids).execute();
  await dropUnusedLists(
    db,
    lists.map((l) => l.id),
  );
}

async function dropUnusedLists(db: Executor, listIds: string[]) {
  for (const id of listIds) {
    const used = await db
      .selectFrom('attributes')
      .select('id')
      .where('pick_list_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (!used) await db.deleteFrom('pick_lists').where('id', '=', id).where('is_global', '=', false).execute();
  }
}

async function present(db: Executor, id: string) {
  const [a] = await loadAttributes(db, [], [id]);
  if (!a) throw notFound();
  const { componentId: _, ...attribute } = a;
  return attribute;
}

/** A new attribute, attached to a component when the component is saved with it in attributeIdList. */
export async function createAttribute(deps: Deps, caller: Caller, input: CreateInput) {
  requireOrgAdmin(caller);
  const pickListId = await checkedPickList(deps.db, caller, input.typeId, input.pickListId);
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('attributes')
      .values({
        organization_id: caller.organizationId,
        component_id: null,
        name: input.name,
        type_id: input.typeId,
        default_value: input.defaultValue?.trim() || null,
        required: effectiveRequired(attributeTypeName(input.typeId)!, input.required),
        sort_order: input.order ?? 0,
        pick_list_id: pickListId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, actorOf(caller), attributeActivity('Add', created, null, { typeId: created.type_id }));
    return created;
  });
  return present(deps.db, row.id);
}

/** An attribute an admin may change, with the component it is part of (none before its component is saved). */
async function editableAttribute(db: Executor, caller: Caller, id: string) {
  const a = await db.selectFrom('attributes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!a) throw notFound();
  if (a.component_id) {
    const { component, system } = await editableComponent(db, caller, a.component_id);
    return { attribute: a, dictionaryId: system.dictionary_id, component };
  }
  requireOrgAdmin(caller);
  if (a.organization_id !== caller.organizationId) throw notFound();
  return { attribute: a, dictionaryId: null, component: null };
}

/** Changing the type away from a pick list deletes its own list (or detaches a global one). */
export async function updateAttribute(deps: Deps, caller: Caller, id: string, input: UpdateInput) {
  if (id !== input.id) throw badRequest('app.error.id-mismatch');
  const { attribute, dictionaryId, component } = await editableAttribute(deps.db, caller, id);
  const pickListId = await checkedPickList(deps.db, caller, input.typeId, input.pickListId);
  await deps.db.transaction().execute(async (trx) => {
    const updated = await uniquely(DICTIONARY_MSG.attributeNameExists, () =>
      trx
        .updateTable('attributes')
        .set({
          name: input.name,
          type_id: input.typeId,
          default_value: input.defaultValue?.trim() || null,
          required: effectiveRequired(attributeTypeName(input.typeId)!, input.required),
          sort_order: input.order ?? attribute.sort_order,
          pick_list_id: pickListId,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(() => notFound()),
    );
    if (attribute.pick_list_id && attribute.pick_list_id !== pickListId)
      await dropUnusedLists(trx, [attribute.pick_list_id]);
    if (dictionaryId) await touch(trx, caller, dictionaryId);
    await recordActivity(
      trx,
      actorOf(caller),
      attributeActivity('Edit', updated, component, editedAttribute(attribute, updated)),
    );
  });
  return present(deps.db, id);
}

export async function deleteAttribute(deps: Deps, caller: Caller, id: string) {
  const { attribute, dictionaryId, component } = await editableAttribute(deps.db, caller, id);
  await deps.db.transaction().execute(async (trx) => {
    await removeAttributes(trx, [id]);
    if (dictionaryId) await touch(trx, caller, dictionaryId);
    await recordActivity(trx, actorOf(caller), attributeActivity('Delete', attribute, component));
  });
}

/** Attribute names of a component kept for search: the search area reads them to offer fields. */
export async function indexForSearch(deps: Deps, caller: Caller, input: z.output<typeof searchIndexSchema>) {
  const { component } = await editableComponent(deps.db, caller, input.componentId);
  // Indexed attributes are the component's own; any other id is not found (and not stored).
  const named = [...new Set(input.attributes.flatMap((a) => (a.id ? [a.id] : [])))];
  const own = named.length
    ? await deps.db
        .selectFrom('attributes')
        .select('id')
        .where('id', 'in', named)
        .where('component_id', '=', component.id)
        .execute()
    : [];
  if (own.length !== named.length) throw notFound('app.dictionary.attribute.not-found');
  await deps.db.transaction().execute(async (trx) => {
    for (const a of input.attributes) {
      await trx
        .insertInto('attribute_search_index')
        .values({
          component_id: component.id,
          name: a.name,
          attribute_id: a.id ?? null,
          type_id: a.typeId,
          organization_id: caller.organizationId,
        })
        .onConflict((oc) =>
          oc.columns(['component_id', 'name']).doUpdateSet({ attribute_id: a.id ?? null, type_id: a.typeId }),
        )
        .execute();
    }
  });
  const rows = await deps.db
    .selectFrom('attribute_search_index')
    .select(['name', 'attribute_id', 'type_id'])
    .where('component_id', '=', component.id)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ name: r.name, attributeId: r.attribute_id, typeId: r.type_id }));
}

/** Links attributes of the organization's dictionaries to one of its global pick lists. */
export async function linkGlobalPickList(
  deps: Deps,
  caller: Caller,
  input: { pickListId: string; attributeIds: string[] },
) {
  requireOrgAdmin(caller);
  const list = await deps.db.selectFrom('pick_lists').selectAll().where('id', '=', input.pickListId).executeTakeFirst();
  if (!list || !list.is_global || list.organization_id !== caller.organizationId) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    for (const id of input.attributeIds) {
      const { attribute } = await editableAttribute(trx, caller, id);
      if (attributeTypeName(attribute.type_id) !== 'Global Pick List')
        throw badRequest('app.dictionary.picklist.not-global');
      await trx.updateTable('attributes').set({ pick_list_id: list.id }).where('id', '=', id).execute();
    }
    await recordActivity(
      trx,
      actorOf(caller),
      pickListActivity('Edit', list, { linkedAttributeIds: input.attributeIds }),
    );
  });
  return { pickListId: list.id, attributeIds: input.attributeIds };
}

/** Detaches every attribute from a global pick list and deletes the list. */
export async function deleteGlobalPickList(deps: Deps, caller: Caller, pickListId: string) {
  requireOrgAdmin(caller);
  const list = await deps.db.selectFrom('pick_lists').selectAll().where('id', '=', pickListId).executeTakeFirst();
  if (!list || list.organization_id !== caller.organizationId) throw notFound();
  if (!list.is_global) throw forbidden('app.dictionary.picklist.not-global');
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('attributes').set({ pick_list_id: null }).where('pick_list_id', '=', pickListId).execute();
    await trx.deleteFrom('pick_lists').where('id', '=', pickListId).execute();
    await recordActivity(trx, actorOf(caller), pickListActivity('Delete', list));
  });
}

export async function readableAttributeDictionary(deps: Deps, caller: Caller, dictionaryId: string) {
  return readableDictionary(deps.db, caller, dictionaryId);
}
