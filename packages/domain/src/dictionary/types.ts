/** Component geometry types (spec 2 §3); ids are stable API values. */
export const COMPONENT_TYPES = [
  { id: 1, name: 'Point' },
  { id: 2, name: 'Line' },
  { id: 3, name: 'Polygon' },
] as const;
export type ComponentTypeName = (typeof COMPONENT_TYPES)[number]['name'];

/** The 13 attribute types of spec 2 §3, with stable ids. */
export const ATTRIBUTE_TYPES = [
  { id: 1, name: 'Pick List' },
  { id: 2, name: 'Pick List Edit' },
  { id: 3, name: 'Global Pick List' },
  { id: 4, name: 'Int' },
  { id: 5, name: 'Text' },
  { id: 6, name: 'Note' },
  { id: 7, name: 'Time' },
  { id: 8, name: 'Date' },
  { id: 9, name: 'Timestamp' },
  { id: 10, name: 'Double' },
  { id: 11, name: 'Boolean' },
  { id: 12, name: 'Read Only' },
  { id: 13, name: 'Hyperlink' },
] as const;
export type AttributeTypeName = (typeof ATTRIBUTE_TYPES)[number]['name'];

export function attributeTypeName(typeId: number): AttributeTypeName | undefined {
  return ATTRIBUTE_TYPES.find((t) => t.id === typeId)?.name;
}
export function attributeTypeId(name: AttributeTypeName): number {
  return ATTRIBUTE_TYPES.find((t) => t.name === name)!.id;
}

export const PICK_LIST_TYPES: AttributeTypeName[] = ['Pick List', 'Pick List Edit', 'Global Pick List'];
export const isPickListType = (name: AttributeTypeName | undefined) => !!name && PICK_LIST_TYPES.includes(name);

export const DEFAULT_TOKENS = { save: '@save', today: '@today', todayDate: '@today_date' } as const;
