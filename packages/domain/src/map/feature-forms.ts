import { z } from 'zod';
import { featureRefField, hasUnstorableCharacter } from '../schemas/ids.js';
import { geometrySchema } from './features.js';
import { ONECALL_LIMITS } from './onecall.js';

/**
 * Forms on features (spec 3 §2 FORMS tab and form dialog, §3 feature form record and save payload,
 * §4 form save, §5 validation, §6 rights, §7 calls, §8 messages, §9 sizes). Shared by the feature
 * forms API and the FORMS tab.
 */

/** Spec 3 §9: the form dialog, and the map extract drawn into a feature's PDF. */
export const FORM_DIALOG_SIZE = { width: 590, height: 530 } as const;
export const FEATURE_PDF_MAP_SIZE = { width: 1220, height: 840 } as const;

export const FEATURE_FORM_LIMITS = {
  /** Fields one record may hold. */
  fieldsMax: 500,
  fieldIdMax: 256,
  fieldTypeMax: 64,
  /** Characters of one value (a text area's content). */
  valueMax: 10_000,
  /** The record's data as JSON, in characters. */
  dataMax: 262_144,
  pagesMax: 1000,
} as const;

/** The spec names these (§8) where it names them; the others are ours. */
export const FEATURE_FORM_MSG = {
  retrievalError: 'app.forms.retrieval.error',
  noForms: 'app.no.forms.found',
  added: 'app.form.new.success',
  deleted: 'app.form.delete.success',
  updated: 'app.form.update.success',
  /** The form's own validation failed (spec 3 §5). */
  containsErrors: 'app.form.contains-errors',
  /** The form's script is missing (spec 3 §5): the form definition is gone or has no script. */
  invalidForm: 'app.form.invalid',
  /** The form is not granted to the feature's project. */
  notGranted: 'app.form.not-granted',
  /** The payload names a project, layer or folder that is not the feature's (or the form's layer). */
  payloadMismatch: 'app.form.payload-mismatch',
  badData: 'app.form.bad-data',
  /** Spec 3 §2: form features have no FORMS tab, so no forms of their own. */
  formOnFormFeature: 'app.form.on-form-feature',
  saveError: 'app.form.save.error',
  deleteError: 'app.form.delete.error',
  pdfError: 'app.form.pdf.error',
} as const;

/**
 * The Locate Form (spec 3 §3: "a special Locate Form exists with a fixed id"): one form shipped with
 * the product for every organization with one-call, whose ticket number field the positive response
 * reads. Its id never changes.
 */
export const LOCATE_FORM_ID = '10ca7e00-0811-4f0a-8000-000000000811';
export const LOCATE_FORM_NAME = 'Locate Form';
/** The Locate Form's ticket number field (its input's name). */
export const LOCATE_TICKET_FIELD = 'ticketNumber';

/** One value of a record (spec 3 §3: data is a list of id, type, value). */
const storableText = (max: number) =>
  z
    .string()
    .max(max, { message: FEATURE_FORM_MSG.badData })
    .refine((s) => !hasUnstorableCharacter(s), { message: FEATURE_FORM_MSG.badData });

export const formValueSchema = z.union([
  storableText(FEATURE_FORM_LIMITS.valueMax),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(storableText(FEATURE_FORM_LIMITS.valueMax)).max(200),
]);
export type FormValue = z.infer<typeof formValueSchema>;

export const formDataEntrySchema = z.object({
  id: storableText(FEATURE_FORM_LIMITS.fieldIdMax).pipe(z.string().min(1, { message: FEATURE_FORM_MSG.badData })),
  type: storableText(FEATURE_FORM_LIMITS.fieldTypeMax).default('text'),
  value: formValueSchema.default(null),
});
export type FormDataEntry = z.infer<typeof formDataEntrySchema>;

const dataList = z
  .array(formDataEntrySchema, { message: FEATURE_FORM_MSG.badData })
  .max(FEATURE_FORM_LIMITS.fieldsMax, { message: FEATURE_FORM_MSG.badData });

/** The data as the spec sends it (a JSON string of the list) or as the list itself. */
export const formDataField = z.preprocess((input) => {
  if (typeof input !== 'string') return input;
  if (input.length > FEATURE_FORM_LIMITS.dataMax) return null;
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return null;
  }
}, dataList);

const pagesField = z
  .union([
    z.number().int().min(0).max(FEATURE_FORM_LIMITS.pagesMax),
    z
      .string()
      .regex(/^\d{1,4}$/, { message: FEATURE_FORM_MSG.badData })
      .transform(Number),
  ])
  .nullable()
  .optional();

/**
 * The form save payload (spec 3 §3): id, data, pages, layerId (the form's layer), featureId (the
 * feature the form goes on), formId, featureLayerId, featureFolderId, projectId and geometry (where the
 * record's own form feature is drawn; the feature's geometry when absent).
 */
export const formSavePayloadSchema = z.object({
  id: z.string().uuid().optional(),
  data: formDataField,
  pages: pagesField,
  layerId: z.string().uuid().optional(),
  featureId: featureRefField,
  formId: z.string().uuid(),
  featureLayerId: z.string().uuid().optional(),
  featureFolderId: z.string().uuid().optional(),
  projectId: z.string().uuid(),
  geometry: geometrySchema.optional(),
});
export type FormSavePayload = z.input<typeof formSavePayloadSchema>;

/** An update sends the same payload; only data and pages change. */
export const formUpdatePayloadSchema = formSavePayloadSchema.partial().extend({ data: formDataField });
export type FormUpdatePayload = z.input<typeof formUpdatePayloadSchema>;

/** A feature form record as the API returns it (spec 3 §3, plus what the FORMS tab shows and may do). */
export const featureFormRecordSchema = z.object({
  id: z.string(),
  formId: z.string(),
  formName: z.string(),
  /** The form's layer (htmlform_feature) in the project. */
  layerId: z.string(),
  projectId: z.string(),
  /** The feature the form is on ("kind.id"). */
  featureId: z.string(),
  /** The record's own form feature on the form's layer ("htmlform_feature.id"). */
  formFeatureId: z.string(),
  data: z.array(formDataEntrySchema),
  pages: z.number().nullable(),
  created: z.string(),
  createdByEmail: z.string().nullable(),
  modified: z.string(),
  modifiedByEmail: z.string().nullable(),
  /** The form definition (its script) still exists: it can be shown. */
  formAvailable: z.boolean(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type FeatureFormRecord = z.infer<typeof featureFormRecordSchema>;

/** GET /rest/features/{id}/forms/available: the forms the caller may add to the feature. */
export const availableFormsSchema = z.object({
  canAdd: z.boolean(),
  forms: z.array(z.object({ id: z.string(), name: z.string(), layerId: z.string().nullable() })),
});
export type AvailableForms = z.infer<typeof availableFormsSchema>;

/**
 * The form list of `GET /rest/features/{id}/forms`: a list, or (spec 3 §7) the base64 text of one
 * (the service answered an empty list as "W10="). Anything else reads as no forms.
 */
export function formListOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (typeof body !== 'string' || !/^[A-Za-z0-9+/=\s]*$/.test(body)) return [];
  try {
    const decoded = JSON.parse(atob(body.replace(/\s/g, ''))) as unknown;
    return Array.isArray(decoded) ? decoded : [];
  } catch {
    return [];
  }
}

/** The ticket number of a Locate Form record, trimmed; null for other forms or when none was entered. */
export function ticketNumberOf(record: { formId: string; data: ReadonlyArray<{ id: string; value?: unknown }> }) {
  if (record.formId !== LOCATE_FORM_ID) return null;
  const entry = record.data.find((d) => d.id === LOCATE_TICKET_FIELD);
  const text = typeof entry?.value === 'string' ? entry.value.trim() : '';
  return text === '' ? null : text;
}

/**
 * Spec 3 §5: the positive-response button appears only for locate forms whose ticket number has two
 * non-empty parts separated by a hyphen (and fits the 48-character ticket number of §9).
 */
export function canRespondPositively(ticketNumber: string | null | undefined): boolean {
  if (!ticketNumber || ticketNumber.length > ONECALL_LIMITS.ticketNumberMax) return false;
  const parts = ticketNumber.split('-');
  return parts.length === 2 && parts.every((p) => p.trim() !== '');
}
