import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Copies a dictionary with everything in it into an organization: pick lists (a provider's or another
 * dictionary's lists become lists of the copy; the organization's global lists stay shared), systems,
 * components and attributes, keeping every order. Runs inside the caller's transaction.
 */
export async function deepCopyDictionary(
  trx: Transaction<DB>,
  sourceId: string,
  target: { organizationId: string; name: string; isReadonly: boolean; accountId: string },
): Promise<string> {
  const source = await trx.selectFrom('dictionaries').selectAll().where('id', '=', sourceId).executeTakeFirstOrThrow();
  const copy = await trx
    .insertInto('dictionaries')
    .values({
      organization_id: target.organizationId,
      name: target.name,
      is_readonly: target.isReadonly,
      copied_from_id: source.id,
      project_id: null,
      template_key: null,
      updated_by: target.accountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const pickListIds = new Map<string, string>();
  const lists = await trx.selectFrom('pick_lists').selectAll().where('dictionary_id', '=', source.id).execute();
  const referenced = await trx
    .selectFrom('attributes')
    .innerJoin('components', 'components.id', 'attributes.component_id')
    .innerJoin('systems', 'systems.id', 'components.system_id')
    .innerJoin('pick_lists', 'pick_lists.id', 'attributes.pick_list_id')
    .selectAll('pick_lists')
    .where('systems.dictionary_id', '=', source.id)
    .execute();
  for (const list of [...lists, ...referenced.filter((r) => !lists.some((l) => l.id === r.id))]) {
    if (pickListIds.has(list.id)) continue;
    if (list.is_global && list.organization_id === target.organizationId) {
      pickListIds.set(list.id, list.id);
      continue;
    }
    const created = await trx
      .insertInto('pick_lists')
      .values({
        organization_id: target.organizationId,
        dictionary_id: copy.id,
        name: list.name,
        is_global: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    pickListIds.set(list.id, created.id);
    const values = await trx.selectFrom('pick_list_values').selectAll().where('pick_list_id', '=', list.id).execute();
    if (values.length) {
      await trx
        .insertInto('pick_list_values')
        .values(
          values.map((v) => ({ pick_list_id: created.id, value: v.value, label: v.label, sort_order: v.sort_order })),
        )
        .execute();
    }
  }

  const systems = await trx.selectFrom('systems').selectAll().where('dictionary_id', '=', source.id).execute();
  for (const s of systems) {
    const system = await trx
      .insertInto('systems')
      .values({ dictionary_id: copy.id, name: s.name, color: s.color, sort_order: s.sort_order })
      .returning('id')
      .executeTakeFirstOrThrow();
    const components = await trx.selectFrom('components').selectAll().where('system_id', '=', s.id).execute();
    for (const c of components) {
      const component = await trx
        .insertInto('components')
        .values({
          system_id: system.id,
          component_type_id: c.component_type_id,
          alias: c.alias,
          sort_order: c.sort_order,
          component_styling: c.component_styling,
          style: c.style,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const attributes = await trx.selectFrom('attributes').selectAll().where('component_id', '=', c.id).execute();
      if (attributes.length) {
        await trx
          .insertInto('attributes')
          .values(
            attributes.map((a) => ({
              organization_id: target.organizationId,
              component_id: component.id,
              name: a.name,
              type_id: a.type_id,
              default_value: a.default_value,
              required: a.required,
              sort_order: a.sort_order,
              pick_list_id: a.pick_list_id ? (pickListIds.get(a.pick_list_id) ?? null) : null,
            })),
          )
          .execute();
      }
    }
  }
  return copy.id;
}
