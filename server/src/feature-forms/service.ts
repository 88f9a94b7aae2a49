import { randomUUID } from 'node:crypto';
import {
  FEATURE_FORM_MSG,
  FEATURE_MSG,
  LOCATE_FORM_ID,
  isUuid,
  formSavePayloadSchema,
  formUpdatePayloadSchema,
  type AvailableForms,
  type FeatureFormRecord,
} from '@fieldbook/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { addVersion, insertFeature, softDelete } from '../features/store.js';
import { load, toFeature } from '../features/service.js';
import { enableFormLayer } from '../forms/layers.js';
import {
  assertAllowed,
  featureFormsContext,
  featureFormsContextOf,
  locateFormOffered,
  usableForm,
  type FeatureFormsContext,
} from './access.js';
import {
  insertRecord,
  lockedRecord,
  markDeleted,
  recordRows,
  recordsOfFeature,
  refreshFormEntries,
  toRecord,
  updateRecordData,
  type RecordRow,
} from './store.js';

type SavePayload = z.output<typeof formSavePayloadSchema>;
type UpdatePayload = z.output<typeof formUpdatePayloadSchema>;

const abilitiesOf = (context: FeatureFormsContext) => ({ edit: context.canEdit, delete: context.canDelete });

/** The activity entry of a record write (category Form), in the write's transaction. */
function logRecord(trx: Executor, caller: Caller, type: 'Add' | 'Edit' | 'Delete', row: LoggedRecord) {
  const verb = { Add: 'added to', Edit: 'edited on', Delete: 'deleted from' }[type];
  return recordActivity(trx, actorOf(caller), {
    type,
    category: 'Form',
    message: `Form '${row.formName}' ${verb} ${row.featureRef}`,
    projectId: row.projectId,
    artifact: {
      featureFormId: row.id,
      formId: row.formId,
      formName: row.formName,
      featureId: row.featureRef,
      formFeatureId: `htmlform_feature.${row.formFeatureId}`,
      layerId: row.layerId,
    },
  });
}
interface LoggedRecord {
  id: string;
  formId: string;
  formName: string;
  featureRef: string;
  formFeatureId: string;
  projectId: string;
  layerId: string;
}
const loggedOf = (row: RecordRow, context: FeatureFormsContext): LoggedRecord => ({
  id: row.id,
  formId: row.form_id,
  formName: row.current_form_name ?? row.form_name,
  featureRef: context.ref,
  formFeatureId: row.form_feature_id,
  projectId: row.project_id,
  layerId: row.layer_id,
});

/** GET /rest/features/{id}/forms: the feature's records, oldest first. */
export async function listRecords(deps: Deps, caller: Caller, featureRef: string): Promise<FeatureFormRecord[]> {
  const context = await featureFormsContextOf(deps.db, caller, featureRef);
  const rows = await recordsOfFeature(deps.db, caller.organizationId, context.feature.id);
  return rows.map((row) => toRecord(row, abilitiesOf(context)));
}

/** A live record of a feature the caller may view (404 otherwise, whoever's it is), with the feature's context. */
async function recordWithContext(db: Executor, caller: Caller, id: string) {
  const row = isUuid(id)
    ? await recordRows(db, caller.organizationId).where('ff.id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return { row, context: await featureFormsContext(db, caller, { id: row.feature_id }) };
}

export async function getRecord(deps: Deps, caller: Caller, id: string): Promise<FeatureFormRecord> {
  const { row, context } = await recordWithContext(deps.db, caller, id);
  return toRecord(row, abilitiesOf(context));
}

/** The form's layer in the project: the grant's layer, or the Locate Form's (made on its first use). */
async function formLayerId(trx: Executor, projectId: string, form: { id: string; name: string }) {
  const locate = form.id === LOCATE_FORM_ID;
  if (locate) await enableFormLayer(trx, projectId, form);
  let query = trx
    .selectFrom('layers')
    .select(['layers.id', 'layers.read_only'])
    .where('layers.project_id', '=', projectId)
    .where('layers.reference_id', '=', form.id)
    .where('layers.server_name', '=', 'htmlform_feature')
    .where('layers.is_active', '=', true);
  if (!locate)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('form_permissions')
          .select('form_permissions.id')
          .where('form_permissions.form_id', '=', form.id)
          .whereRef('form_permissions.project_id', '=', 'layers.project_id'),
      ),
    );
  const layer = await query.executeTakeFirst();
  if (!layer) throw badRequest(FEATURE_FORM_MSG.notGranted);
  if (layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
  return layer.id;
}

/**
 * POST /rest/features/forms (spec 3 §3 save payload, §4 "validate, then save"): the form's own checks
 * ran in the form; here the payload must name the feature's project, layer and folder, a form granted
 * to the project (or the Locate Form where one-call is on) whose script exists. The record, its form
 * feature at the payload's geometry (else the feature's), the feature's File_List entry and the log
 * entry are written in one transaction.
 */
export async function saveRecord(deps: Deps, caller: Caller, input: SavePayload): Promise<FeatureFormRecord> {
  const context = await featureFormsContextOf(deps.db, caller, input.featureId);
  const { feature, layer } = context;
  if (feature.kind === 'htmlform_feature') throw badRequest(FEATURE_FORM_MSG.formOnFormFeature);
  assertAllowed(context, context.canAdd);
  if (
    input.projectId !== feature.project_id ||
    (input.featureLayerId !== undefined && input.featureLayerId !== feature.layer_id) ||
    (input.featureFolderId !== undefined && input.featureFolderId !== layer.folder_id)
  )
    throw badRequest(FEATURE_FORM_MSG.payloadMismatch);
  const form = await usableForm(deps.db, caller, input.formId);
  if (form.id === LOCATE_FORM_ID && !(await locateFormOffered(deps.db, caller.organizationId)))
    throw badRequest(FEATURE_FORM_MSG.notGranted);
  const id = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const layerId = await formLayerId(trx, feature.project_id, form);
    if (input.layerId !== undefined && input.layerId !== layerId) throw badRequest(FEATURE_FORM_MSG.payloadMismatch);
    const formFeatureId = await insertFeature(trx, caller, {
      kind: 'htmlform_feature',
      layer_id: layerId,
      project_id: feature.project_id,
      dictionary_id: null,
      system_id: null,
      component_id: null,
      attributes: [],
      metadata: null,
      properties: { form_id: form.id, form_name: form.name, feature_id: context.ref },
      field_values: {},
      geometry: input.geometry ?? JSON.parse(feature.geometry),
    });
    const data = { id, featureId: feature.id, formFeatureId, formId: form.id, formName: form.name };
    await insertRecord(trx, caller, { ...data, data: input.data, pages: input.pages ?? null });
    await refreshFormEntries(trx, feature);
    await logRecord(trx, caller, 'Add', {
      ...data,
      featureRef: context.ref,
      projectId: feature.project_id,
      layerId,
    });
  });
  return getRecord(deps, caller, id);
}

/** PUT /rest/features/forms/{id}: new values (and pages) of a record; edit-feature rights, its form still there. */
export async function updateRecord(deps: Deps, caller: Caller, id: string, input: UpdatePayload) {
  const { row, context } = await recordWithContext(deps.db, caller, id);
  assertAllowed(context, context.canEdit);
  if (input.id !== undefined && input.id !== row.id) throw badRequest(FEATURE_FORM_MSG.payloadMismatch);
  await usableForm(deps.db, caller, row.form_id);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockedRecord(trx, caller.organizationId, row.id))) throw notFound();
    await updateRecordData(trx, caller, row.id, { data: input.data, pages: input.pages });
    await logRecord(trx, caller, 'Edit', loggedOf(row, context));
  });
  return getRecord(deps, caller, id);
}

/** Deletes records of one feature: their rows, their form features (with versions), File_List, log entries. */
async function deleteRows(trx: Executor, caller: Caller, context: FeatureFormsContext, rows: RecordRow[]) {
  await markDeleted(
    trx,
    caller,
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    const formFeature = await load(trx, caller, row.form_feature_id);
    await addVersion(trx, caller, row.form_feature_id, 'Delete', toFeature(formFeature));
    await softDelete(trx, caller, { id: row.form_feature_id, layer_id: row.layer_id });
    await logRecord(trx, caller, 'Delete', loggedOf(row, context));
  }
  await refreshFormEntries(trx, context.feature);
}

/** DELETE /rest/features/forms/{id}: feature admins delete a form (spec 3 §6). */
export async function deleteRecord(deps: Deps, caller: Caller, id: string) {
  const { row, context } = await recordWithContext(deps.db, caller, id);
  assertAllowed(context, context.canDelete);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await lockedRecord(trx, caller.organizationId, row.id))) throw notFound();
    await deleteRows(trx, caller, context, [row]);
  });
}

/** DELETE /rest/features/{id}/forms: all of a feature's forms (feature admin); the number deleted. */
export async function deleteAllRecords(deps: Deps, caller: Caller, featureRef: string): Promise<number> {
  const context = await featureFormsContextOf(deps.db, caller, featureRef);
  assertAllowed(context, context.canDelete);
  return deps.db.transaction().execute(async (trx) => {
    const rows = await recordsOfFeature(trx, caller.organizationId, context.feature.id);
    if (rows.length) await deleteRows(trx, caller, context, rows);
    return rows.length;
  });
}

/** GET /rest/features/{id}/forms/available: the forms granted to the feature's project, and the Locate Form. */
export async function availableForms(deps: Deps, caller: Caller, featureRef: string): Promise<AvailableForms> {
  const context = await featureFormsContextOf(deps.db, caller, featureRef);
  const projectId = context.feature.project_id;
  const granted = await deps.db
    .selectFrom('forms')
    .innerJoin('form_permissions', 'form_permissions.form_id', 'forms.id')
    .innerJoin('layers', (j) =>
      j
        .on('layers.reference_id', '=', sql<string>`forms.id::text`)
        .onRef('layers.project_id', '=', 'form_permissions.project_id'),
    )
    .select(['forms.id', 'forms.name', 'layers.id as layer_id'])
    .where('form_permissions.project_id', '=', projectId)
    .where('forms.organization_id', '=', caller.organizationId)
    .where('layers.server_name', '=', 'htmlform_feature')
    .where('layers.is_active', '=', true)
    .where('layers.read_only', '=', false)
    .orderBy('forms.name')
    .execute();
  const forms: AvailableForms['forms'] = granted.map((f) => ({ id: f.id, name: f.name, layerId: f.layer_id }));
  if (await locateFormOffered(deps.db, caller.organizationId)) {
    const locate = await deps.db
      .selectFrom('forms')
      .leftJoin('layers', (j) =>
        j.on('layers.reference_id', '=', sql<string>`forms.id::text`).on('layers.project_id', '=', projectId),
      )
      .select(['forms.id', 'forms.name', 'layers.id as layer_id'])
      .where('forms.id', '=', LOCATE_FORM_ID)
      .executeTakeFirst();
    if (locate) forms.unshift({ id: locate.id, name: locate.name, layerId: locate.layer_id });
  }
  return { canAdd: context.canAdd, forms: context.feature.kind === 'htmlform_feature' ? [] : forms };
}
