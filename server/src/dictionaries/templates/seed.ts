import { COMPONENT_TYPES, attributeTypeId, effectiveRequired } from '@fieldbook/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { apwaTemplate } from './apwa.js';
import { assetInventoryTemplate } from './assets.js';
import { topographicTemplate } from './topographic.js';
import type { DictionaryTemplate } from './types.js';

export const PROVIDER_TEMPLATES: DictionaryTemplate[] = [apwaTemplate, topographicTemplate, assetInventoryTemplate];

/** Writes one template as a read-only provider dictionary (no organization), in one transaction. */
async function seedTemplate(db: Kysely<DB>, template: DictionaryTemplate): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const dictionary = await trx
      .insertInto('dictionaries')
      .values({
        organization_id: null,
        template_key: template.key,
        name: template.name,
        is_readonly: true,
        project_id: null,
        copied_from_id: null,
        updated_by: null,
      })
      .onConflict((oc) => oc.column('template_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!dictionary) return; // another process seeded it first
    for (const [systemOrder, s] of template.systems.entries()) {
      const system = await trx
        .insertInto('systems')
        .values({ dictionary_id: dictionary.id, name: s.name, color: s.color, sort_order: systemOrder })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [componentOrder, c] of s.components.entries()) {
        const component = await trx
          .insertInto('components')
          .values({
            system_id: system.id,
            component_type_id: COMPONENT_TYPES.find((t) => t.name === c.type)!.id,
            alias: c.alias,
            sort_order: componentOrder,
            component_styling: false,
            style: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [attributeOrder, a] of c.attributes.entries()) {
          let pickListId: string | null = null;
          if (a.values) {
            const list = await trx
              .insertInto('pick_lists')
              .values({
                organization_id: null,
                dictionary_id: dictionary.id,
                name: `${c.alias} ${a.name}`,
                is_global: false,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            await trx
              .insertInto('pick_list_values')
              .values(
                a.values.map((value, order) => ({ pick_list_id: list.id, value, label: value, sort_order: order })),
              )
              .execute();
            pickListId = list.id;
          }
          await trx
            .insertInto('attributes')
            .values({
              organization_id: null,
              component_id: component.id,
              name: a.name,
              type_id: attributeTypeId(a.type),
              default_value: a.defaultValue ?? null,
              required: effectiveRequired(a.type, a.required ?? false),
              sort_order: attributeOrder,
              pick_list_id: pickListId,
            })
            .execute();
        }
      }
    }
  });
}

/** Seeds the provider templates that are not there yet (first start, or a template added in a release). */
export async function seedProviderTemplates(db: Kysely<DB>): Promise<void> {
  const existing = await db
    .selectFrom('dictionaries')
    .select('template_key')
    .where('template_key', 'is not', null)
    .execute();
  for (const template of PROVIDER_TEMPLATES) {
    if (!existing.some((e) => e.template_key === template.key)) await seedTemplate(db, template);
  }
}
