import { COMPONENT_TYPES, attributeTypeName, type DictionaryOut } from '@fieldbook/domain';
import type { Selectable } from 'kysely';
import type { DictionariesTable } from '../db/schema.js';
import type { Executor } from '../db/types.js';

type PickListOut = DictionaryOut['pickLists'][number];
type ComponentOut = DictionaryOut['systems'][number]['components'][number];
type AttributeOut = ComponentOut['attributes'][number];

const iso = (d: Date | string) => new Date(d).toISOString();

/** Pick lists with their values, in value order. */
export async function loadPickLists(
  db: Executor,
  where: { dictionaryId?: string; ids?: string[] },
): Promise<PickListOut[]> {
  let q = db.selectFrom('pick_lists').selectAll();
  if (where.dictionaryId) q = q.where('dictionary_id', '=', where.dictionaryId);
  if (where.ids) {
    if (where.ids.length === 0) return [];
    q = q.where('id', 'in', where.ids);
  }
  const lists = await q.orderBy('name').execute();
  if (lists.length === 0) return [];
  const values = await db
    .selectFrom('pick_list_values')
    .selectAll()
    .where(
      'pick_list_id',
      'in',
      lists.map((l) => l.id),
    )
    .orderBy('sort_order')
    .execute();
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    isGlobal: l.is_global,
    organizationId: l.organization_id,
    dictionaryId: l.dictionary_id,
    values: values
      .filter((v) => v.pick_list_id === l.id)
      .map((v) => ({ id: v.id, value: v.value, label: v.label, order: v.sort_order })),
  }));
}

export async function loadAttributes(
  db: Executor,
  componentIds: string[],
  attributeIds?: string[],
): Promise<Array<AttributeOut & { componentId: string | null }>> {
  let q = db.selectFrom('attributes').selectAll();
  if (attributeIds) {
    if (attributeIds.length === 0) return [];
    q = q.where('id', 'in', attributeIds);
  } else {
    if (componentIds.length === 0) return [];
    q = q.where('component_id', 'in', componentIds);
  }
  const rows = await q.orderBy('sort_order').orderBy('name').execute();
  const pickLists = await loadPickLists(db, {
    ids: [...new Set(rows.map((r) => r.pick_list_id).filter((id): id is string => !!id))],
  });
  return rows.map((a) => ({
    id: a.id,
    componentId: a.component_id,
    name: a.name,
    typeId: a.type_id,
    type: { id: a.type_id, name: attributeTypeName(a.type_id) ?? 'Text' },
    defaultValue: a.default_value,
    required: a.required,
    order: a.sort_order,
    pickListId: a.pick_list_id,
    pickList: pickLists.find((p) => p.id === a.pick_list_id) ?? null,
  }));
}

export async function loadComponents(
  db: Executor,
  systemIds: string[],
  componentIds?: string[],
): Promise<ComponentOut[]> {
  let q = db.selectFrom('components').selectAll();
  q = componentIds
    ? q.where('id', 'in', componentIds.length ? componentIds : ['00000000-0000-0000-0000-000000000000'])
    : q.where('system_id', 'in', systemIds.length ? systemIds : ['00000000-0000-0000-0000-000000000000']);
  const rows = await q.orderBy('sort_order').orderBy('alias').execute();
  const attributes = await loadAttributes(
    db,
    rows.map((c) => c.id),
  );
  return rows.map((c) => {
    const own = attributes.filter((a) => a.componentId === c.id).map(({ componentId: _, ...a }) => a);
    return {
      id: c.id,
      alias: c.alias,
      order: c.sort_order,
      systemId: c.system_id,
      componentTypeId: c.component_type_id,
      componentType: COMPONENT_TYPES.find((t) => t.id === c.component_type_id) ?? COMPONENT_TYPES[0],
      componentStyling: c.component_styling,
      style: c.style,
      attributes: own,
      attributeIdList: own.map((a) => a.id),
    };
  });
}

/**
 * The whole dictionary: systems in order, each with its components, attributes and pick lists.
 * `pickLists` holds the dictionary's own lists; with `includeGlobalPickLists` it also holds the
 * organization's global lists its attributes use, so one document carries every list it needs.
 */
export async function loadDictionaryTree(
  db: Executor,
  row: Selectable<DictionariesTable>,
  editable: boolean,
  options: { includeGlobalPickLists?: boolean } = {},
): Promise<DictionaryOut> {
  const systems = await db
    .selectFrom('systems')
    .selectAll()
    .where('dictionary_id', '=', row.id)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
  const components = await loadComponents(
    db,
    systems.map((s) => s.id),
  );
  const own = await loadPickLists(db, { dictionaryId: row.id });
  const globals = new Map<string, PickListOut>();
  if (options.includeGlobalPickLists) {
    for (const a of components.flatMap((c) => c.attributes))
      if (a.pickList?.isGlobal) globals.set(a.pickList.id, a.pickList);
  }
  return {
    ...presentDictionary(row, editable, await assignedProjectIds(db, row.id)),
    systems: systems.map((s) => ({
      id: s.id,
      name: s.name,
      color: s.color,
      order: s.sort_order,
      dictionaryId: s.dictionary_id,
      components: components.filter((c) => c.systemId === s.id),
    })),
    pickLists: [...own, ...[...globals.values()].sort((a, b) => a.name.localeCompare(b.name))],
  };
}

export function presentDictionary(row: Selectable<DictionariesTable>, editable: boolean, projects: string[]) {
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organization_id,
    isReadonly: row.is_readonly,
    isActive: row.is_active,
    projectId: row.project_id,
    copiedFromId: row.copied_from_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    updatedBy: row.updated_by,
    editable,
    assignedProjectIds: projects,
  };
}

export async function assignedProjectIds(db: Executor, dictionaryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('dictionary_id', '=', dictionaryId)
    .orderBy('name')
    .execute();
  return rows.map((r) => r.id);
}
