import { effectiveRequired } from '@fieldbook/domain';
import { dictionariesApi, type AttributeBody, type ComponentBody, type DictComponent } from '../../../api/dictionaries';
import { hasOwnList, serializeStyle, typeOf, type AttributeDraft, type StyleDraft } from './model';

export interface ComponentDraft {
  alias: string;
  componentTypeId: number;
  attributes: AttributeDraft[];
  styling: boolean;
  style: StyleDraft;
}

interface SaveArgs {
  dictionaryId: string;
  organizationId: string | null;
  systemId: string;
  /** The component being edited; null to create one. */
  existing: DictComponent | null;
  draft: ComponentDraft;
  /** The organization's dictionary-styling flag: without it styling is left as it is. */
  stylingEnabled: boolean;
}

/**
 * Saves a component the way the server expects (spec 2 §4 "Editing a component"): pick lists of new
 * or changed pick-list attributes first, then the attributes (new ones unattached), then the
 * component with the full attribute id list in order — attributes left out are deleted by the
 * server in the same transaction. New attributes are finally added to the search index.
 */
export async function saveComponent({
  dictionaryId,
  organizationId,
  systemId,
  existing,
  draft,
  stylingEnabled,
}: SaveArgs): Promise<DictComponent> {
  const attributeIdList: string[] = [];
  const created: { id: string; name: string; typeId: number }[] = [];
  await freeSwappedNames(existing, draft.attributes);

  for (const [order, a] of draft.attributes.entries()) {
    if (a.id && !a.changed) {
      attributeIdList.push(a.id);
      continue;
    }
    const type = typeOf(a);
    if (!type || a.typeId === null) throw new Error('attribute without a type');
    let pickListId: string | null = null;
    if (hasOwnList(type)) {
      const list = {
        name: a.name,
        values: a.values.map((v, i) => ({ ...(v.id ? { id: v.id } : {}), value: v.value, order: i })),
        isGlobal: false,
        organizationId,
        dictionaryId,
      };
      pickListId = a.ownPickListId
        ? (await dictionariesApi.updatePickList(a.ownPickListId, { ...list, id: a.ownPickListId })).id
        : (await dictionariesApi.createPickList(list)).id;
    } else if (type === 'Global Pick List') {
      pickListId = a.globalPickListId;
    }
    const body: AttributeBody = {
      typeId: a.typeId,
      name: a.name.trim(),
      defaultValue: a.defaultValue.trim() || null,
      pickListId,
      required: effectiveRequired(type, a.required),
      order,
    };
    if (a.id) {
      await dictionariesApi.updateAttribute(a.id, { ...body, id: a.id });
      attributeIdList.push(a.id);
    } else {
      const attribute = await dictionariesApi.createAttribute(body);
      attributeIdList.push(attribute.id);
      created.push({ id: attribute.id, name: attribute.name, typeId: attribute.typeId });
    }
  }

  const styling: Partial<Pick<ComponentBody, 'componentStyling' | 'style'>> = stylingEnabled
    ? { componentStyling: draft.styling, ...(draft.styling ? { style: serializeStyle(draft.style) } : {}) }
    : {};
  const component = existing
    ? await dictionariesApi.updateComponent(existing.id, {
        id: existing.id,
        alias: draft.alias.trim(),
        componentTypeId: draft.componentTypeId,
        attributeIdList,
        ...styling,
      })
    : await dictionariesApi.createComponent({
        systemId,
        componentTypeId: draft.componentTypeId,
        alias: draft.alias.trim(),
        attributeIdList,
        componentStyling: false,
        style: null,
        ...styling,
      });

  if (created.length) {
    // The search index only helps searching later; a failure here must not undo a saved component.
    await dictionariesApi.indexAttributes(component.id, created).catch(() => undefined);
  }
  return component;
}

/**
 * Attribute names are unique within a component and each attribute is saved on its own, so a swap
 * (A→B while B→A) would collide on the first save. Attributes whose current name another one takes
 * over, and which are renamed themselves, first get a temporary name (all else unchanged).
 */
async function freeSwappedNames(existing: DictComponent | null, drafts: AttributeDraft[]) {
  if (!existing) return;
  const key = (name: string) => name.trim().toLowerCase();
  const renamed = drafts.filter((a) => {
    const before = a.id ? existing.attributes.find((e) => e.id === a.id) : undefined;
    return a.changed && before && key(before.name) !== key(a.name);
  });
  const wanted = new Map(drafts.filter((a) => a.changed).map((a) => [key(a.name), a.id]));
  for (const a of renamed) {
    const before = existing.attributes.find((e) => e.id === a.id)!;
    const taker = wanted.get(key(before.name));
    if (taker === undefined || taker === a.id) continue;
    await dictionariesApi.updateAttribute(before.id, {
      id: before.id,
      typeId: before.typeId,
      name: `${before.name.slice(0, 36)} ~${Date.now().toString(36)}`,
      defaultValue: before.defaultValue,
      pickListId: before.pickListId,
      required: before.required,
    });
  }
}
