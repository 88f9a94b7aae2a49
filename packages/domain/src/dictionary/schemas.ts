import { z } from 'zod';
import { DICTIONARY_LIMITS, DICTIONARY_MSG } from './limits.js';
import { ATTRIBUTE_TYPES, COMPONENT_TYPES, attributeTypeName } from './types.js';
import { attributeDefaultError } from './attribute-defaults.js';
import { HEX_COLOR } from './style.js';

export const dictionaryNameField = z
  .string({ message: DICTIONARY_MSG.nameNonEmpty })
  .trim()
  .min(1, { message: DICTIONARY_MSG.nameNonEmpty })
  .max(DICTIONARY_LIMITS.nameMax, { message: DICTIONARY_MSG.nameTooLong });

export const hexColorField = z.string().trim().regex(HEX_COLOR, { message: DICTIONARY_MSG.invalidHex });

/** POST /rest/dictionaries/copy/{templateId}: create from a template or copy. */
export const copyDictionarySchema = z.object({
  name: dictionaryNameField,
  isReadonly: z.boolean().optional().default(false),
});
export const renameDictionarySchema = z.object({ id: z.string().uuid(), name: dictionaryNameField });
export const reorderSchema = z.array(z.object({ id: z.string().uuid(), order: z.number().int().min(0) })).min(1);

export const createSystemSchema = z.object({
  name: dictionaryNameField,
  color: hexColorField,
  dictionaryId: z.string().uuid(),
});
export const updateSystemSchema = z.object({
  id: z.string().uuid(),
  dictionaryId: z.string().uuid(),
  name: dictionaryNameField.optional(),
  color: hexColorField.optional(),
});

const componentTypeIdField = z
  .number()
  .int()
  .refine((id) => COMPONENT_TYPES.some((t) => t.id === id), { message: DICTIONARY_MSG.wrongComponentType });

export const createComponentSchema = z.object({
  systemId: z.string().uuid(),
  componentTypeId: componentTypeIdField,
  alias: dictionaryNameField,
  attributeIdList: z.array(z.string().uuid()).default([]),
  componentStyling: z.boolean().default(false),
  style: z.string().max(20_000).nullable().optional(),
});
export const updateComponentSchema = createComponentSchema.partial().extend({ id: z.string().uuid() });

export const copyComponentNameField = z
  .string()
  .trim()
  .min(1, { message: DICTIONARY_MSG.nameNonEmpty })
  .max(DICTIONARY_LIMITS.componentCopyNameMax, { message: DICTIONARY_MSG.nameTooLong });

const attributeTypeIdField = z
  .number({ message: DICTIONARY_MSG.typeRequired })
  .int()
  .refine((id) => ATTRIBUTE_TYPES.some((t) => t.id === id), { message: DICTIONARY_MSG.typeRequired });

const attributeFields = {
  typeId: attributeTypeIdField,
  name: dictionaryNameField,
  defaultValue: z.string().nullable().optional(),
  pickListId: z.string().uuid().nullable().optional(),
  required: z.boolean().default(false),
  order: z.number().int().min(0).optional(),
};

/** The default must suit the type (spec 2 §5); checked here so the form and the server agree. */
function checkDefault<T extends { typeId: number; defaultValue?: string | null }>(a: T, ctx: z.RefinementCtx) {
  const type = attributeTypeName(a.typeId);
  if (!type) return;
  const error = attributeDefaultError(type, a.defaultValue);
  if (error) ctx.addIssue({ code: 'custom', message: error, path: ['defaultValue'] });
}

export const createAttributeSchema = z.object(attributeFields).superRefine(checkDefault);
export const updateAttributeSchema = z.object({ ...attributeFields, id: z.string().uuid() }).superRefine(checkDefault);

export const pickListValueSchema = z.object({
  id: z.string().uuid().optional(),
  value: z
    .string()
    .trim()
    .min(1, { message: DICTIONARY_MSG.pickListNeedsValue })
    .max(DICTIONARY_LIMITS.pickListValueInAttributeMax, { message: DICTIONARY_MSG.pickListValueTooLong }),
  label: z.string().trim().max(DICTIONARY_LIMITS.pickListValueInAttributeMax).optional(),
  order: z.number().int().min(0).optional(),
});

/** No two values of a list may be equal, ignoring case and surrounding spaces. */
function uniqueValues(values: { value: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  for (const v of values) {
    const key = v.value.trim().toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: DICTIONARY_MSG.pickListValueExists, path: ['values'] });
    seen.add(key);
  }
}

export const pickListSchema = z.object({
  name: dictionaryNameField,
  values: z.array(pickListValueSchema).min(1, { message: DICTIONARY_MSG.pickListNeedsValue }).superRefine(uniqueValues),
  isGlobal: z.boolean().default(false),
  organizationId: z.string().uuid().nullable().optional(),
  dictionaryId: z.string().uuid().nullable().optional(),
});
export const updatePickListSchema = pickListSchema.extend({ id: z.string().uuid() });

export const searchIndexSchema = z.object({
  componentId: z.string().uuid(),
  attributes: z.array(
    z.object({
      id: z.string().uuid().optional(),
      name: z.string().min(1).max(DICTIONARY_LIMITS.nameMax),
      typeId: attributeTypeIdField,
    }),
  ),
});

// Responses
export const pickListValueOut = z.object({
  id: z.string(),
  value: z.string(),
  label: z.string(),
  order: z.number().int(),
});
export const pickListOut = z.object({
  id: z.string(),
  name: z.string(),
  isGlobal: z.boolean(),
  organizationId: z.string().nullable(),
  dictionaryId: z.string().nullable(),
  values: z.array(pickListValueOut),
});
export const attributeOut = z.object({
  id: z.string(),
  name: z.string(),
  typeId: z.number().int(),
  type: z.object({ id: z.number().int(), name: z.string() }),
  defaultValue: z.string().nullable(),
  required: z.boolean(),
  order: z.number().int(),
  pickListId: z.string().nullable(),
  pickList: pickListOut.nullable(),
});
export const componentOut = z.object({
  id: z.string(),
  alias: z.string(),
  order: z.number().int(),
  systemId: z.string(),
  componentTypeId: z.number().int(),
  componentType: z.object({ id: z.number().int(), name: z.string() }),
  componentStyling: z.boolean(),
  style: z.string().nullable(),
  attributes: z.array(attributeOut),
  attributeIdList: z.array(z.string()),
});
export const systemOut = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  order: z.number().int(),
  dictionaryId: z.string(),
  components: z.array(componentOut),
});
export const dictionaryOut = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string().nullable(),
  isReadonly: z.boolean(),
  isActive: z.boolean(),
  projectId: z.string().nullable(),
  copiedFromId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  editable: z.boolean(),
  assignedProjectIds: z.array(z.string()),
  systems: z.array(systemOut),
  pickLists: z.array(pickListOut),
});
export type DictionaryOut = z.infer<typeof dictionaryOut>;
export const dictionarySummaryOut = dictionaryOut.omit({ systems: true, pickLists: true });
