import type { Selectable } from 'kysely';
import type { ActivityRecord } from '../activities/record.js';
import type { AttributesTable, ComponentsTable } from '../db/schema.js';
import { editedArtifact, namedActivity } from '../organizations/settings-activity.js';

/**
 * The activity entries of data dictionaries (issue #14): a dictionary, a system and a component each
 * have their category and Add/Edit/Delete; an attribute is part of its component and a pick list part of
 * its dictionary, so their writes are Edits of the component or dictionary, the message naming the part.
 * Organization-wide: no project.
 */
type Verb = 'Add' | 'Edit' | 'Delete';
type Extra = Record<string, unknown>;
const PART_DID = { Add: 'added', Edit: 'edited', Delete: 'deleted' } as const;

export const dictionaryActivity = (type: Verb, d: { id: string; name: string }, extra: Extra = {}): ActivityRecord =>
  namedActivity({ type, category: 'Dictionary', noun: 'Dictionary', idKey: 'dictionaryId', thing: d, extra });

export const systemActivity = (
  type: Verb,
  s: { id: string; name: string; dictionary_id: string },
  extra: Extra = {},
): ActivityRecord =>
  namedActivity({
    type,
    category: 'System (Dictionary)',
    noun: 'System',
    idKey: 'systemId',
    thing: s,
    extra: { dictionaryId: s.dictionary_id, ...extra },
  });

export const componentActivity = (
  type: Verb,
  c: { id: string; alias: string; system_id: string },
  dictionaryId: string,
  extra: Extra = {},
): ActivityRecord =>
  namedActivity({
    type,
    category: 'Component (Dictionary)',
    noun: 'Component',
    idKey: 'componentId',
    thing: { id: c.id, name: c.alias },
    extra: { systemId: c.system_id, dictionaryId, ...extra },
  });

/** What a component edit changed (attribute changes log entries of their own). */
export const editedComponent = (before: Selectable<ComponentsTable>, after: Selectable<ComponentsTable>) =>
  editedArtifact(before, after, ['alias', 'system_id', 'component_type_id', 'component_styling', 'style'], 'alias');

export const editedAttribute = (before: Selectable<AttributesTable>, after: Selectable<AttributesTable>) =>
  editedArtifact(before, after, ['name', 'type_id', 'default_value', 'required', 'sort_order', 'pick_list_id'], 'name');

/**
 * An attribute change edits its component. A new attribute is not attached yet (saving the component
 * attaches it), so its entry names no component.
 */
export const attributeActivity = (
  change: Verb,
  a: { id: string; name: string },
  component: { id: string; alias: string } | null,
  extra: Extra = {},
): ActivityRecord =>
  namedActivity({
    type: 'Edit',
    category: 'Component (Dictionary)',
    noun: 'Attribute',
    idKey: 'attributeId',
    thing: a,
    did: PART_DID[change],
    extra: { componentId: component?.id ?? null, componentName: component?.alias ?? null, ...extra },
  });

/** A pick list change edits its dictionary (or, for a global list, the organization's dictionaries). */
export const pickListActivity = (
  change: Verb,
  list: { id: string; name: string; dictionary_id: string | null; is_global: boolean },
  extra: Extra = {},
): ActivityRecord =>
  namedActivity({
    type: 'Edit',
    category: 'Dictionary',
    noun: list.is_global ? 'Global pick list' : 'Pick list',
    idKey: 'pickListId',
    thing: list,
    did: PART_DID[change],
    extra: { dictionaryId: list.dictionary_id, ...extra },
  });
