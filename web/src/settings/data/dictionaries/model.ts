import {
  COMPONENT_TYPES,
  DEFAULT_TOKENS,
  DICTIONARY_LIMITS,
  DICTIONARY_MSG,
  attributeDefaultError,
  attributeTypeName,
  clampComponentStyle,
  createAttributeSchema,
  defaultComponentStyle,
  helperTokenFor,
  isPickListType,
  type AttributeTypeName,
  type ComponentStyle,
  type ComponentTypeName,
} from '@fieldbook/domain';
import { schemaErrors, type FieldErrors } from '../../../app/form';

/** Pure rules of the dictionary screens (spec 2 §4, §5), kept apart from the components so they can be tested. */

export const ATTRIBUTE_TYPE_LABEL: Record<AttributeTypeName, string> = {
  'Pick List': 'app.dictionary.type.pick-list',
  'Pick List Edit': 'app.dictionary.type.pick-list-edit',
  'Global Pick List': 'app.dictionary.type.global-pick-list',
  Int: 'app.dictionary.type.int',
  Text: 'app.dictionary.type.text',
  Note: 'app.dictionary.type.note',
  Time: 'app.dictionary.type.time',
  Date: 'app.dictionary.type.date',
  Timestamp: 'app.dictionary.type.timestamp',
  Double: 'app.dictionary.type.double',
  Boolean: 'app.dictionary.type.boolean',
  'Read Only': 'app.dictionary.type.read-only',
  Hyperlink: 'app.dictionary.type.hyperlink',
};

export const COMPONENT_TYPE_LABEL: Record<ComponentTypeName, string> = {
  Point: 'app.dictionary.type.point',
  Line: 'app.dictionary.type.line',
  Polygon: 'app.dictionary.type.polygon',
};

export const TOKEN_LABEL: Record<string, string> = {
  [DEFAULT_TOKENS.save]: 'app.dictionary.attribute.token.save',
  [DEFAULT_TOKENS.today]: 'app.dictionary.attribute.token.today',
  [DEFAULT_TOKENS.todayDate]: 'app.dictionary.attribute.token.today-date',
};

export const componentTypeName = (id: number): ComponentTypeName =>
  COMPONENT_TYPES.find((t) => t.id === id)?.name ?? 'Point';
export const componentTypeId = (name: ComponentTypeName): number => COMPONENT_TYPES.find((t) => t.name === name)!.id;

/** Case- and space-insensitive name equality, as the server compares names. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The list with one item moved; callers send the new positions as orders 0..n-1. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export const reorderBody = (ids: string[]) => ids.map((id, order) => ({ id, order }));

/** Items in the order of `ids` (items not listed keep their place at the end). */
export function inOrder<T extends { id: string }>(items: readonly T[], ids: string[] | null): T[] {
  if (!ids) return [...items];
  const rank = new Map(ids.map((id, i) => [id, i]));
  return [...items].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
}

// ---- default values: spec formats ⇄ native date/time inputs -------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** 'MM/DD/YYYY' → 'YYYY-MM-DD' (the date input's value); '' when it is not such a date. */
export function toDateInput(value: string): string {
  const m = value.trim().match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  return m ? `${m[3]}-${m[1]}-${m[2]}` : '';
}

export function fromDateInput(value: string): string {
  const m = value.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** 'hh:mm a' (e.g. '09:05 PM') → 'HH:mm' (the time input's value). */
export function toTimeInput(value: string): string {
  const m = value.trim().match(/^(\d{2}):(\d{2}) (am|pm)$/i);
  if (!m) return '';
  const h = (Number(m[1]) % 12) + (m[3].toLowerCase() === 'pm' ? 12 : 0);
  return `${pad(h)}:${m[2]}`;
}

export function fromTimeInput(value: string): string {
  const m = value.match(/^(\d{2}):(\d{2})/);
  if (!m) return '';
  const h = Number(m[1]);
  return `${pad(h % 12 === 0 ? 12 : h % 12)}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'MM/DD/YYYY hh:mm a' → 'YYYY-MM-DDTHH:mm' (the datetime-local input's value). */
export function toTimestampInput(value: string): string {
  const [date, ...time] = value.trim().split(' ');
  const d = toDateInput(date ?? '');
  const t = toTimeInput(time.join(' '));
  return d && t ? `${d}T${t}` : '';
}

export function fromTimestampInput(value: string): string {
  const [date, time] = value.split('T');
  const d = fromDateInput(date ?? '');
  const t = fromTimeInput(time ?? '');
  return d && t ? `${d} ${t}` : '';
}

/** Helper boxes offered for a type (spec 2 §4): its own token first, then '@save' (never for Read Only). */
export function helperTokens(type: AttributeTypeName | undefined): string[] {
  if (!type || type === 'Read Only') return [];
  const own = helperTokenFor(type);
  return own ? [own, DEFAULT_TOKENS.save] : [DEFAULT_TOKENS.save];
}

export const isToken = (value: string) => (Object.values(DEFAULT_TOKENS) as string[]).includes(value.trim());

// ---- pick list values ---------------------------------------------------------------------------

export interface ValueDraft {
  /** Local key for lists and drag and drop. */
  key: string;
  /** Server id of an existing value. */
  id?: string;
  value: string;
}

let keySeq = 0;
export const newKey = (prefix = 'k') => `${prefix}-${Date.now().toString(36)}-${(keySeq++).toString(36)}`;

/** A value entered in a pick list editor: non-empty, within the limit, not equal to another value. */
export function valueError(value: string, others: string[], max: number): string | null {
  const v = value.trim();
  if (!v) return DICTIONARY_MSG.pickListNeedsValue;
  if (v.length > max) return DICTIONARY_MSG.pickListValueTooLong;
  if (others.some((o) => sameName(o, v))) return DICTIONARY_MSG.pickListValueExists;
  return null;
}

// ---- attributes ---------------------------------------------------------------------------------

export interface AttributeDraft {
  key: string;
  /** Server id of an existing attribute. */
  id?: string;
  name: string;
  typeId: number | null;
  defaultValue: string;
  required: boolean;
  /** Values of the attribute's own list (Pick List, Pick List Edit). */
  values: ValueDraft[];
  /** The attribute's existing own (non-global) list, updated in place when it stays a pick list. */
  ownPickListId: string | null;
  /** The organization's global list chosen for a Global Pick List attribute. */
  globalPickListId: string | null;
  /** Edited since it was loaded (existing attributes are only sent when changed). */
  changed: boolean;
}

export const emptyAttribute = (): AttributeDraft => ({
  key: newKey('attr'),
  name: '',
  typeId: null,
  defaultValue: '',
  required: false,
  values: [],
  ownPickListId: null,
  globalPickListId: null,
  changed: true,
});

interface AttributeLike {
  id: string;
  name: string;
  typeId: number;
  defaultValue: string | null;
  required: boolean;
  pickListId: string | null;
  pickList: { id: string; isGlobal: boolean; values: { id: string; value: string; order: number }[] } | null;
}

export function attributeDraftOf(a: AttributeLike): AttributeDraft {
  const list = a.pickList;
  const own = list && !list.isGlobal ? list : null;
  return {
    key: a.id,
    id: a.id,
    name: a.name,
    typeId: a.typeId,
    defaultValue: a.defaultValue ?? '',
    required: a.required,
    values: own
      ? [...own.values].sort((x, y) => x.order - y.order).map((v) => ({ key: v.id, id: v.id, value: v.value }))
      : [],
    ownPickListId: own?.id ?? null,
    globalPickListId: list?.isGlobal ? list.id : a.pickListId && !own ? a.pickListId : null,
    changed: false,
  };
}

export const typeOf = (draft: { typeId: number | null }) =>
  draft.typeId === null ? undefined : attributeTypeName(draft.typeId);
export const hasOwnList = (type: AttributeTypeName | undefined) => isPickListType(type) && type !== 'Global Pick List';

/**
 * Problems of an attribute (spec 2 §5): the shared schema for name, type and default, then the
 * rules that need the rest of the component (unique names) and the pick list (values, global list).
 */
export function attributeErrors(draft: AttributeDraft, otherNames: string[], globalValues?: string[]): FieldErrors {
  const errors = schemaErrors(createAttributeSchema, {
    typeId: draft.typeId ?? undefined,
    name: draft.name,
    defaultValue: draft.defaultValue,
    required: draft.required,
  });
  const type = typeOf(draft);
  if (!errors.name && otherNames.some((n) => sameName(n, draft.name))) errors.name = DICTIONARY_MSG.attributeNameExists;
  if (hasOwnList(type)) {
    if (draft.values.length === 0) errors.values = DICTIONARY_MSG.pickListNeedsValue;
    const dflt = draft.defaultValue.trim();
    if (!errors.defaultValue && dflt && !isToken(dflt) && !draft.values.some((v) => sameName(v.value, dflt))) {
      errors.defaultValue = DICTIONARY_MSG.badDefault;
    }
  }
  if (type === 'Global Pick List') {
    if (!draft.globalPickListId) errors.globalPickListId = 'app.dictionary.attribute.global-required';
    const dflt = draft.defaultValue.trim();
    if (
      !errors.defaultValue &&
      dflt &&
      !isToken(dflt) &&
      globalValues &&
      !globalValues.some((v) => sameName(v, dflt))
    ) {
      errors.defaultValue = DICTIONARY_MSG.badDefault;
    }
  }
  return errors;
}

/** Default check alone, for showing the message under the default input. */
export const defaultErrorOf = (type: AttributeTypeName | undefined, value: string) =>
  type ? attributeDefaultError(type, value) : null;

// ---- component styling --------------------------------------------------------------------------

export type StyleDraft = { mode: 'style'; style: ComponentStyle } | { mode: 'marker'; url: string | null };

/** A stored style: JSON of the style fields, or (Points) a marker image URL; null when unusable. */
export function parseStyle(style: string | null | undefined): StyleDraft | null {
  if (!style) return null;
  try {
    const parsed = JSON.parse(style) as unknown;
    if (parsed && typeof parsed === 'object') return { mode: 'style', style: parsed as ComponentStyle };
  } catch {
    /* not JSON: maybe a marker URL */
  }
  return /^(https?:\/\/|\/)\S+$/.test(style) ? { mode: 'marker', url: style } : null;
}

/** What a component is drawn with: its own style when styling is on, else the defaults in the system colour. */
export function drawnStyle(
  component: { componentStyling: boolean; style: string | null },
  type: ComponentTypeName,
  systemColor: string,
): StyleDraft {
  const defaults = defaultComponentStyle(type, systemColor);
  const own = component.componentStyling ? parseStyle(component.style) : null;
  if (!own) return { mode: 'style', style: defaults };
  if (own.mode === 'marker') return type === 'Point' ? own : { mode: 'style', style: defaults };
  return { mode: 'style', style: clampComponentStyle({ ...defaults, ...own.style }) };
}

/** Steps like 0.05 add up to 0.35000000000000003; two decimals are all a style needs. */
export const tidyNumber = (n: number) => Math.round(n * 100) / 100;

/** The style text to store: clamped JSON with tidy numbers, or the marker URL. */
export function serializeStyle(draft: StyleDraft): string | null {
  if (draft.mode === 'marker') return draft.url;
  const s = clampComponentStyle(draft.style);
  return JSON.stringify({
    ...s,
    strokeOpacity: tidyNumber(s.strokeOpacity),
    fillOpacity: tidyNumber(s.fillOpacity),
    strokeWidth: tidyNumber(s.strokeWidth),
    ...(s.size !== undefined ? { size: tidyNumber(s.size) } : {}),
  });
}

export const NAME_MAX = DICTIONARY_LIMITS.nameMax;
