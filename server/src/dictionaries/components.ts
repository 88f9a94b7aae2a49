import { z } from 'zod';
import {
  COMPONENT_COPY_SUFFIX,
  COMPONENT_TYPES,
  DICTIONARY_MSG,
  clampComponentStyle,
  copyComponentNameField,
  createComponentSchema,
  reorderSchema,
  updateComponentSchema,
  type ComponentStyle,
  isUuid,
} from '@fieldbook/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound, uniquely } from '../http/errors.js';
import { editableComponent, editableSystem, readableDictionary, touch } from './access.js';
import { loadComponents } from './tree.js';
import { renumber } from './service.js';
import { removeAttributes } from './attributes.js';
import { requireOwnRows } from '../authz/references.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { componentActivity, editedComponent } from './activity.js';

type CreateInput = z.output<typeof createComponentSchema>;
type UpdateInput = z.output<typeof updateComponentSchema>;

async function aliasTaken(db: Executor, systemId: string, alias: string, exceptId?: string) {
  let q = db
    .selectFrom('components')
    .select('id')
    .where('system_id', '=', systemId)
    .where((eb) => eb(eb.fn('lower', ['alias']), '=', alias.trim().toLowerCase()));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/**
 * A component style is JSON of the spec's style fields, clamped to the ranges; a Point may instead use
 * a marker image URL. Styling needs the organization's dictionary-styling flag.
 */
async function checkedStyle(
  db: Executor,
  caller: Caller,
  styling: boolean | undefined,
  style: string | null | undefined,
  typeId: number,
) {
  if (style === undefined || style === null || style === '') return style === '' ? null : style;
  // A marker image is one of the organization's symbols (its usage count and deletion see only those).
  const symbolIds = [...style.matchAll(/\/rest\/symbols\/([^/?#\s"]+)\/image/g)].map((m) => m[1]);
  if (symbolIds.some((id) => !isUuid(id))) throw notFound();
  await requireOwnRows(db, 'symbols', symbolIds, caller.organizationId);
  if (styling) {
    const org = await db
      .selectFrom('organizations')
      .select('functionality_flags')
      .where('id', '=', caller.organizationId)
      .executeTakeFirstOrThrow();
    if ((org.functionality_flags as Record<string, unknown>).dictionaryStyling === false)
      throw forbidden('app.dictionary.styling.disabled');
  }
  const isPoint = COMPONENT_TYPES.find((t) => t.id === typeId)?.name === 'Point';
  try {
    const parsed = JSON.parse(style) as ComponentStyle;
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    return JSON.stringify(clampComponentStyle(parsed));
  } catch {
    if (isPoint && /^(https?:\/\/|\/)\S+$/.test(style)) return style;
    throw badRequest('app.dictionary.style.invalid');
  }
}

/**
 * Attaches the listed attributes in list order. Each must be attached already or be a new one of the
 * caller's organization; attributes no longer listed are removed with their own pick lists (spec 2 §4).
 */
async function setAttributes(trx: Transaction<DB>, caller: Caller, componentId: string, ids: string[]) {
  if (new Set(ids).size !== ids.length) throw badRequest(DICTIONARY_MSG.attributeNameExists);
  const current = await trx.selectFrom('attributes').select('id').where('component_id', '=', componentId).execute();
  const dropped = current.map((a) => a.id).filter((id) => !ids.includes(id));
  await removeAttributes(trx, dropped);
  for (const [index, id] of ids.entries()) {
    const attached = await uniquely(DICTIONARY_MSG.attributeNameExists, () =>
      trx
        .updateTable('attributes')
        .set({ component_id: componentId, sort_order: index })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('component_id', '=', componentId),
            eb.and([eb('component_id', 'is', null), eb('organization_id', '=', caller.organizationId)]),
          ]),
        )
        .executeTakeFirst(),
    );
    if (Number(attached.numUpdatedRows) !== 1) throw notFound('app.dictionary.attribute.not-found');
  }
}

async function present(db: Executor, id: string) {
  const [component] = await loadComponents(db, [], [id]);
  if (!component) throw notFound();
  return component;
}

export async function listComponents(deps: Deps, caller: Caller, systemId?: string) {
  if (!systemId) throw badRequest('app.dictionary.system.required');
  const system = await deps.db.selectFrom('systems').selectAll().where('id', '=', systemId).executeTakeFirst();
  if (!system) throw notFound();
  await readableDictionary(deps.db, caller, system.dictionary_id);
  return loadComponents(deps.db, [systemId]);
}

export async function createComponent(deps: Deps, caller: Caller, input: CreateInput) {
  const { system } = await editableSystem(deps.db, caller, input.systemId);
  if (await aliasTaken(deps.db, system.id, input.alias)) throw conflict(DICTIONARY_MSG.componentNameTaken);
  const style = await checkedStyle(deps.db, caller, input.componentStyling, input.style, input.componentTypeId);
  const id = await deps.db.transaction().execute(async (trx) => {
    const { next } = await trx
      .selectFrom('components')
      .select((eb) => eb.fn.coalesce(eb.fn.max('sort_order'), eb.lit(-1)).as('next'))
      .where('system_id', '=', system.id)
      .executeTakeFirstOrThrow();
    const row = await uniquely(DICTIONARY_MSG.componentNameTaken, () =>
      trx
        .insertInto('components')
        .values({
          system_id: system.id,
          component_type_id: input.componentTypeId,
          alias: input.alias,
          sort_order: Number(next) + 1,
          component_styling: input.componentStyling,
          style: style ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    await setAttributes(trx, caller, row.id, input.attributeIdList);
    await touch(trx, caller, system.dictionary_id);
    await recordActivity(
      trx,
      actorOf(caller),
      componentActivity('Add', row, system.dictionary_id, { componentTypeId: row.component_type_id }),
    );
    return row.id;
  });
  return present(deps.db, id);
}

/** One transaction: removed attributes go, new ones attach, fields change (spec 2 §4 "Editing a component"). */
export async function updateComponent(deps: Deps, caller: Caller, id: string, input: UpdateInput) {
  if (id !== input.id) throw badRequest('app.error.id-mismatch');
  const { component, system } = await editableComponent(deps.db, caller, id);
  const systemId = input.systemId ?? component.system_id;
  if (systemId !== component.system_id) await editableSystem(deps.db, caller, systemId);
  if (input.alias && (await aliasTaken(deps.db, systemId, input.alias, id)))
    throw conflict(DICTIONARY_MSG.componentNameTaken);
  const typeId = input.componentTypeId ?? component.component_type_id;
  const styling = input.componentStyling ?? component.component_styling;
  const style =
    input.style === undefined ? undefined : await checkedStyle(deps.db, caller, styling, input.style, typeId);
  await deps.db.transaction().execute(async (trx) => {
    const updated = await uniquely(DICTIONARY_MSG.componentNameTaken, () =>
      trx
        .updateTable('components')
        .set({
          system_id: systemId,
          alias: input.alias ?? component.alias,
          component_type_id: typeId,
          component_styling: styling,
          ...(style !== undefined ? { style } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(() => notFound()),
    );
    if (input.attributeIdList) await setAttributes(trx, caller, id, input.attributeIdList);
    await touch(trx, caller, system.dictionary_id);
    await recordActivity(
      trx,
      actorOf(caller),
      componentActivity('Edit', updated, system.dictionary_id, editedComponent(component, updated)),
    );
  });
  return present(deps.db, id);
}

export async function deleteComponent(deps: Deps, caller: Caller, id: string) {
  const { component, system } = await editableComponent(deps.db, caller, id);
  await deps.db.transaction().execute(async (trx) => {
    const attributes = await trx.selectFrom('attributes').select('id').where('component_id', '=', id).execute();
    await removeAttributes(
      trx,
      attributes.map((a) => a.id),
    );
    await trx.deleteFrom('components').where('id', '=', id).execute();
    await touch(trx, caller, system.dictionary_id);
    await recordActivity(trx, actorOf(caller), componentActivity('Delete', component, system.dictionary_id));
  });
}

/** Copy within the system: default name alias + ' ( Copy )', unique case-insensitively (spec 2 §5). */
export async function copyComponent(deps: Deps, caller: Caller, id: string, rawName: string | undefined) {
  const { component, system } = await editableComponent(deps.db, caller, id);
  const name = copyComponentNameField.parse(rawName ?? `${component.alias}${COMPONENT_COPY_SUFFIX}`);
  if (await aliasTaken(deps.db, system.id, name)) throw conflict(DICTIONARY_MSG.copyNameTaken);
  const copyId = await deps.db.transaction().execute(async (trx) => {
    const { next } = await trx
      .selectFrom('components')
      .select((eb) => eb.fn.coalesce(eb.fn.max('sort_order'), eb.lit(-1)).as('next'))
      .where('system_id', '=', system.id)
      .executeTakeFirstOrThrow();
    const copy = await uniquely(DICTIONARY_MSG.copyNameTaken, () =>
      trx
        .insertInto('components')
        .values({
          system_id: system.id,
          component_type_id: component.component_type_id,
          alias: name,
          sort_order: Number(next) + 1,
          component_styling: component.component_styling,
          style: component.style,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const attributes = await trx.selectFrom('attributes').selectAll().where('component_id', '=', id).execute();
    for (const a of attributes) {
      let pickListId = a.pick_list_id;
      const list = pickListId
        ? await trx.selectFrom('pick_lists').selectAll().where('id', '=', pickListId).executeTakeFirst()
        : undefined;
      if (list && !list.is_global) {
        const cloned = await trx
          .insertInto('pick_lists')
          .values({
            organization_id: list.organization_id,
            dictionary_id: list.dictionary_id,
            name: list.name,
            is_global: false,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const values = await trx
          .selectFrom('pick_list_values')
          .selectAll()
          .where('pick_list_id', '=', list.id)
          .execute();
        if (values.length)
          await trx
            .insertInto('pick_list_values')
            .values(
              values.map((v) => ({
                pick_list_id: cloned.id,
                value: v.value,
                label: v.label,
                sort_order: v.sort_order,
              })),
            )
            .execute();
        pickListId = cloned.id;
      }
      await trx
        .insertInto('attributes')
        .values({
          organization_id: caller.organizationId,
          component_id: copy.id,
          name: a.name,
          type_id: a.type_id,
          default_value: a.default_value,
          required: a.required,
          sort_order: a.sort_order,
          pick_list_id: pickListId,
        })
        .execute();
    }
    await touch(trx, caller, system.dictionary_id);
    await recordActivity(
      trx,
      actorOf(caller),
      componentActivity('Add', copy, system.dictionary_id, { copiedFromId: component.id, copiedFrom: component.alias }),
    );
    return copy.id;
  });
  return present(deps.db, copyId);
}

export async function reorderAttributes(deps: Deps, caller: Caller, id: string, items: z.output<typeof reorderSchema>) {
  const { component, system } = await editableComponent(deps.db, caller, id);
  await deps.db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom('attributes')
      .select('id')
      .where('component_id', '=', id)
      .orderBy('sort_order')
      .execute();
    for (const [index, attributeId] of renumber(
      items,
      own.map((a) => a.id),
    ).entries()) {
      await trx.updateTable('attributes').set({ sort_order: index }).where('id', '=', attributeId).execute();
    }
    await touch(trx, caller, system.dictionary_id);
    await recordActivity(
      trx,
      actorOf(caller),
      componentActivity('Edit', component, system.dictionary_id, { changes: ['attributeOrder'] }),
    );
  });
  return present(deps.db, id);
}
