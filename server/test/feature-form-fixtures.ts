import { expect } from 'vitest';
import type { FeatureFormRecord } from '@fieldbook/domain';
import type { Harness } from './harness.js';
import type { SignedIn } from './factories.js';
import { call, field } from './feature-fixtures.js';
import { send } from './form-fixtures.js';

/** A form of the organization as an admin uploads it: fields by name, its own validation. */
export const INSPECTION_HTML = `<!doctype html><html><body><form>
<label>Inspector <input name="inspector" required></label>
<label>Condition <select name="condition"><option value="good">Good</option><option value="poor">Poor</option></select></label>
<label>Notes <textarea name="notes"></textarea></label>
</form></body></html>`;
export const INSPECTION_JS =
  'window.validate = () => document.querySelector("[name=inspector]").value ? [] : ["Inspector is required"];';

/** A form uploaded by the project's admin and granted to the project: its id, name and forms layer. */
export async function grantForm(h: Harness, f: { admin: SignedIn; project: { id: string } }, name = 'Pole inspection') {
  const form = (
    await send(h, f.admin, 'POST', '/rest/forms', { dto: { name }, html: INSPECTION_HTML, js: INSPECTION_JS })
  ).body as { id: string; name: string };
  const grant = await call(h, f.admin, 'PUT', `/rest/forms/permission/add/${form.id}/${f.project.id}`);
  expect(grant.status).toBe(200);
  return { form, formLayerId: grant.body.layerId as string };
}

/** A field project (feature folder with point, line, polygon layers) with a form granted to it. */
export async function formWorld(h: Harness) {
  const f = await field(h);
  return { ...f, ...(await grantForm(h, f)) };
}

/**
 * A form record saved on a feature as the form dialog saves it, and the File_List entry it gets
 * (what other areas' tests expect to see kept beside their own entries).
 */
export async function addFormRecord(
  h: Harness,
  who: SignedIn,
  target: { featureId: string; formId: string; projectId: string },
  values: Record<string, unknown> = { inspector: 'Ada' },
) {
  const res = await call(h, who, 'POST', '/rest/features/forms', {
    ...target,
    data: Object.entries(values).map(([id, value]) => ({ id, type: 'text', value })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const record = res.body as FeatureFormRecord;
  return {
    record,
    entry: {
      File_ID: record.id,
      File: record.formName,
      File_Type: 'Form',
      MasterFormID: record.id,
      HtmlFormID: record.formId,
    },
  };
}
export type FormWorld = Awaited<ReturnType<typeof formWorld>>;

export async function drawPoint(h: Harness, w: FormWorld, coordinates = [-105, 39], who: SignedIn = w.admin) {
  const res = await call(h, who, 'POST', '/rest/features/points', {
    geometry: { type: 'Point', coordinates },
    properties: { layer_id: w.layer('point') },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The save payload the form dialog sends (spec 3 §3): data as the JSON text of the list. */
export function savePayload(
  w: FormWorld,
  featureId: string,
  values: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  return {
    featureId,
    formId: w.form.id,
    projectId: w.project.id,
    layerId: w.formLayerId,
    featureLayerId: w.layer('point'),
    featureFolderId: w.folder.id,
    pages: 1,
    data: JSON.stringify(Object.entries(values).map(([id, value]) => ({ id, type: 'text', value }))),
    ...overrides,
  };
}

export const formsOf = async (h: Harness, who: SignedIn, featureId: string) =>
  call(h, who, 'GET', `/rest/features/${featureId}/forms`);

export async function saveForm(
  h: Harness,
  w: FormWorld,
  featureId: string,
  values: Record<string, unknown>,
  who = w.admin,
) {
  const res = await call(h, who, 'POST', '/rest/features/forms', savePayload(w, featureId, values));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as FeatureFormRecord;
}

/** The Form entries of the feature's File_List. */
export async function formEntries(h: Harness, who: SignedIn, featureId: string) {
  const feature = (await call(h, who, 'GET', `/rest/features/${featureId}`)).body;
  const list = (JSON.parse(feature.properties.metadata ?? '{}').File_List ?? []) as Array<Record<string, unknown>>;
  return list.filter((e) => e.File_Type === 'Form');
}

/** Live records of the organization in the table (what a refused write must leave as it was). */
export const storedRecords = (h: Harness, organizationId: string) =>
  h.db
    .selectFrom('feature_forms')
    .select(['id', 'data'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .execute();
