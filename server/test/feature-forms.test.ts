import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FORM_MSG, FEATURE_MSG, LOCATE_FORM_ID, MSG, ticketNumberOf } from '@fieldbook/domain';
import { redactUrl } from '../src/http/request-log.js';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { call, field, setFlag, setOrgMask } from './feature-fixtures.js';
import { lastSeq, loggedSince } from './activity-log.js';
import {
  drawPoint,
  formEntries,
  formsOf,
  formWorld,
  saveForm,
  savePayload,
  storedRecords,
  type FormWorld,
} from './feature-form-fixtures.js';

/**
 * Forms on features (issue #15; spec 3 §2 FORMS tab, §3 record and save payload, §5, §6, §7): what the
 * FORMS tab and its form dialog notice.
 */

let h: Harness;
let w: FormWorld;
beforeAll(async () => {
  h = await harness();
  w = await formWorld(h);
});

describe('forms on features', () => {
  it('saves, lists, updates and deletes a form: its form feature, File_List entry and Form log entries follow', async () => {
    const point = await drawPoint(h, w);
    expect((await formsOf(h, w.admin, point)).body).toEqual([]);
    const since = await lastSeq(h);
    const saved = await saveForm(h, w, point, { inspector: 'Ada', condition: 'poor', notes: 'Leaning 5°' });
    expect(saved).toMatchObject({
      formId: w.form.id,
      formName: 'Pole inspection',
      layerId: w.formLayerId,
      projectId: w.project.id,
      featureId: point,
      pages: 1,
      createdByEmail: w.admin.email,
      formAvailable: true,
      abilities: { edit: true, delete: true },
      data: [
        { id: 'inspector', type: 'text', value: 'Ada' },
        { id: 'condition', type: 'text', value: 'poor' },
        { id: 'notes', type: 'text', value: 'Leaning 5°' },
      ],
    });
    // The record is drawn on the form's layer at the feature's place.
    const formFeature = (await call(h, w.admin, 'GET', `/rest/features/${saved.formFeatureId}`)).body;
    expect(formFeature).toMatchObject({
      geometry: { type: 'Point', coordinates: [-105, 39] },
      properties: { layer_id: w.formLayerId, form_id: w.form.id, feature_id: point },
    });
    expect(await formEntries(h, w.admin, point)).toEqual([
      { File_ID: saved.id, File: 'Pole inspection', File_Type: 'Form', MasterFormID: saved.id, HtmlFormID: w.form.id },
    ]);
    expect((await formsOf(h, w.admin, point)).body).toEqual([saved]);
    expect((await call(h, w.admin, 'GET', `/rest/features/forms/${saved.id}`)).body).toEqual(saved);

    const updated = await call(h, w.admin, 'PUT', `/rest/features/forms/${saved.id}`, {
      data: [{ id: 'inspector', type: 'text', value: 'Grace' }],
      pages: 2,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ data: [{ id: 'inspector', value: 'Grace' }], pages: 2 });

    expect((await call(h, w.admin, 'DELETE', `/rest/features/forms/${saved.id}`)).status).toBe(204);
    expect((await formsOf(h, w.admin, point)).body).toEqual([]);
    expect(await formEntries(h, w.admin, point)).toEqual([]);
    expect((await call(h, w.admin, 'GET', `/rest/features/${saved.formFeatureId}`)).status).toBe(404);
    expect((await call(h, w.admin, 'GET', `/rest/features/forms/${saved.id}`)).status).toBe(404);

    const entries = (await loggedSince(h, w.admin.organizationId, since)).filter((e) => e.category === 'Form');
    expect(entries.map((e) => [e.type, e.message, e.projectId])).toEqual([
      ['Add', `Form 'Pole inspection' added to ${point}`, w.project.id],
      ['Edit', `Form 'Pole inspection' edited on ${point}`, w.project.id],
      ['Delete', `Form 'Pole inspection' deleted from ${point}`, w.project.id],
    ]);
    expect(entries[0].artifact).toMatchObject({ featureFormId: saved.id, formId: w.form.id, featureId: point });
  });

  it('DELETE /rest/features/{id}/forms removes all of a feature’s forms; deleting the feature takes their form features, undeleting brings them back', async () => {
    const point = await drawPoint(h, w, [-104.9, 39.1]);
    const a = await saveForm(h, w, point, { inspector: 'A' });
    const b = await saveForm(h, w, point, { inspector: 'B' });
    expect((await formsOf(h, w.admin, point)).body.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect((await call(h, w.admin, 'DELETE', `/rest/features/${point}/forms`)).status).toBe(204);
    expect((await formsOf(h, w.admin, point)).body).toEqual([]);
    // Nothing left to delete is not an error (the app asks before every feature delete).
    expect((await call(h, w.admin, 'DELETE', `/rest/features/${point}/forms`)).status).toBe(204);

    const c = await saveForm(h, w, point, { inspector: 'C' });
    expect((await call(h, w.admin, 'DELETE', `/rest/features/${point}`)).status).toBe(204);
    expect((await call(h, w.admin, 'GET', `/rest/features/${c.formFeatureId}`)).status).toBe(404);
    expect((await formsOf(h, w.admin, point)).status).toBe(404);
    expect((await call(h, w.admin, 'POST', `/rest/features/restore/${point}`, {})).status).toBe(200);
    expect((await call(h, w.admin, 'GET', `/rest/features/${c.formFeatureId}`)).status).toBe(200);
    expect((await formsOf(h, w.admin, point)).body.map((r: { id: string }) => r.id)).toEqual([c.id]);
  });

  it('a feature edit or restore sending an older File_List neither loses nor invents form entries', async () => {
    const point = await drawPoint(h, w, [-104.8, 39.2]);
    const saved = await saveForm(h, w, point, { inspector: 'Ada' });
    const edit = await call(h, w.admin, 'PUT', '/rest/features', {
      id: point,
      geometry: { type: 'Point', coordinates: [-104.8, 39.21] },
      properties: {
        layer_id: w.layer('point'),
        metadata: JSON.stringify({ File_List: [{ File_ID: crypto.randomUUID(), File: 'x', File_Type: 'Form' }] }),
      },
    });
    expect(edit.status).toBe(200);
    expect((await formEntries(h, w.admin, point)).map((e) => e.File_ID)).toEqual([saved.id]);
  });

  it.each([
    ['data that is not JSON', { data: '[{"id":' }, FEATURE_FORM_MSG.badData],
    ['a value with a NUL character', { data: [{ id: 'a', type: 'text', value: 'a\u0000b' }] }, MSG.invalidCharacter],
    ['another project', { projectId: crypto.randomUUID() }, FEATURE_FORM_MSG.payloadMismatch],
    ['another layer of the feature', { featureLayerId: crypto.randomUUID() }, FEATURE_FORM_MSG.payloadMismatch],
    ['another form layer', { layerId: crypto.randomUUID() }, FEATURE_FORM_MSG.payloadMismatch],
    ['a form that does not exist', { formId: crypto.randomUUID() }, FEATURE_FORM_MSG.invalidForm],
  ])('refuses a save with %s: 400, nothing stored', async (_label, overrides, message) => {
    const point = await drawPoint(h, w, [-104.7, 39.3]);
    const before = await storedRecords(h, w.admin.organizationId);
    const res = await call(
      h,
      w.admin,
      'POST',
      '/rest/features/forms',
      savePayload(w, point, { inspector: 'x' }, overrides),
    );
    expect([res.status, res.body.message]).toEqual([400, message]);
    expect(await storedRecords(h, w.admin.organizationId)).toEqual(before);
    expect(await formEntries(h, w.admin, point)).toEqual([]);
  });

  it('a form not granted to the project is refused; a form whose script is missing is an invalid form (400 with its id)', async () => {
    const other = await drawPoint(h, w, [-104.6, 39.4]);
    const saved = await saveForm(h, w, other, { inspector: 'kept' });
    const { send, HTML, JS } = await import('./form-fixtures.js');
    const ungranted = (await send(h, w.admin, 'POST', '/rest/forms', { dto: { name: 'Not here' }, html: HTML, js: JS }))
      .body;
    const refused = await call(
      h,
      w.admin,
      'POST',
      '/rest/features/forms',
      savePayload(w, other, {}, { formId: ungranted.id, layerId: undefined }),
    );
    expect([refused.status, refused.body.message]).toEqual([400, FEATURE_FORM_MSG.notGranted]);

    expect((await call(h, w.admin, 'DELETE', `/rest/forms/${ungranted.id}`)).status).toBe(204);
    const gone = await call(h, w.admin, 'GET', `/rest/features/forms/view-url/${ungranted.id}`);
    expect(gone).toMatchObject({
      status: 400,
      body: { message: FEATURE_FORM_MSG.invalidForm, details: { formId: ungranted.id } },
    });
    // A record whose form was deleted stays listed but cannot be edited (no script to validate it).
    await h.db.updateTable('feature_forms').set({ form_id: ungranted.id }).where('id', '=', saved.id).execute();
    expect((await formsOf(h, w.admin, other)).body[0]).toMatchObject({ id: saved.id, formAvailable: false });
    const update = await call(h, w.admin, 'PUT', `/rest/features/forms/${saved.id}`, { data: [] });
    expect([update.status, update.body.message]).toEqual([400, FEATURE_FORM_MSG.invalidForm]);
    expect((await storedRecords(h, w.admin.organizationId)).find((r) => r.id === saved.id)?.data).toEqual([
      { id: 'inspector', type: 'text', value: 'kept' },
    ]);
  });

  it('rights (spec 3 §6): viewers read only; editing needs edit-feature, deleting needs feature admin; read-only layers refuse all', async () => {
    const point = await drawPoint(h, w, [-104.5, 39.5]);
    const saved = await saveForm(h, w, point, { inspector: 'Ada' });
    const viewer = await createMember(h, w.admin.organizationId, 'viewer');
    expect((await formsOf(h, viewer, point)).body).toEqual([{ ...saved, abilities: { edit: false, delete: false } }]);
    expect((await call(h, viewer, 'GET', `/rest/features/${point}/forms/available`)).body.canAdd).toBe(false);
    expect((await call(h, viewer, 'POST', '/rest/features/forms', savePayload(w, point, {}))).status).toBe(403);
    expect((await call(h, viewer, 'PUT', `/rest/features/forms/${saved.id}`, { data: [] })).status).toBe(403);

    const editor = await createMember(h, w.admin.organizationId, 'editor');
    await setOrgMask(h, editor, '0111');
    expect((await formsOf(h, editor, point)).body[0].abilities).toEqual({ edit: true, delete: false });
    expect((await call(h, editor, 'PUT', `/rest/features/forms/${saved.id}`, { data: [] })).status).toBe(200);
    expect((await call(h, editor, 'DELETE', `/rest/features/forms/${saved.id}`)).status).toBe(403);
    expect((await call(h, editor, 'DELETE', `/rest/features/${point}/forms`)).status).toBe(403);

    const collector = await createMember(h, w.admin.organizationId, 'dataCollector');
    await setOrgMask(h, collector, '0011');
    expect((await call(h, collector, 'GET', `/rest/features/${point}/forms/available`)).body).toMatchObject({
      canAdd: true,
      forms: expect.arrayContaining([{ id: w.form.id, name: 'Pole inspection', layerId: w.formLayerId }]),
    });
    const added = await saveForm(h, w, point, { inspector: 'Collector' }, collector);
    expect(added.abilities).toEqual({ edit: false, delete: false });
    expect((await call(h, collector, 'PUT', `/rest/features/forms/${added.id}`, { data: [] })).status).toBe(403);

    await h.db.updateTable('layers').set({ read_only: true }).where('id', '=', w.layer('point')).execute();
    try {
      for (const res of [
        await call(h, w.admin, 'POST', '/rest/features/forms', savePayload(w, point, {})),
        await call(h, w.admin, 'PUT', `/rest/features/forms/${added.id}`, { data: [] }),
        await call(h, w.admin, 'DELETE', `/rest/features/forms/${added.id}`),
      ])
        expect([res.status, res.body.message]).toEqual([403, FEATURE_MSG.layerReadOnly]);
      expect((await formsOf(h, w.admin, point)).body[0].abilities).toEqual({ edit: false, delete: false });
    } finally {
      await h.db.updateTable('layers').set({ read_only: false }).where('id', '=', w.layer('point')).execute();
    }
  });

  it('another organization gets 404 for the list, a record, its writes, the view URL of a form and the PDF', async () => {
    const point = await drawPoint(h, w, [-104.4, 39.6]);
    const saved = await saveForm(h, w, point, { inspector: 'Ada' });
    const stranger = await signedInAccount(h);
    for (const [method, url, body] of [
      ['GET', `/rest/features/${point}/forms`],
      ['DELETE', `/rest/features/${point}/forms`],
      ['GET', `/rest/features/${point}/forms/available`],
      ['GET', `/rest/features/forms/${saved.id}`],
      ['PUT', `/rest/features/forms/${saved.id}`, { data: [] }],
      ['DELETE', `/rest/features/forms/${saved.id}`],
      ['POST', '/rest/features/forms', savePayload(w, point, {})],
      ['POST', `/rest/features/project/${w.project.id}/feature/${point}/pdf`],
    ] as const)
      expect([method, url, (await call(h, stranger, method, url, body)).status]).toEqual([method, url, 404]);
    const view = await call(h, stranger, 'GET', `/rest/features/forms/view-url/${w.form.id}`);
    expect([view.status, view.body.message]).toEqual([400, FEATURE_FORM_MSG.invalidForm]);
    expect((await formsOf(h, w.admin, point)).body).toHaveLength(1);
  });

  it('the Locate Form (fixed id) is offered where one-call is on: its layer is made on first use, its ticket number read', async () => {
    const point = await drawPoint(h, w, [-104.3, 39.7]);
    const available = (await call(h, w.admin, 'GET', `/rest/features/${point}/forms/available`)).body;
    expect(available.forms[0]).toEqual({ id: LOCATE_FORM_ID, name: 'Locate Form', layerId: null });
    const res = await call(h, w.admin, 'POST', '/rest/features/forms', {
      ...savePayload(w, point, { ticketNumber: '250314-00127', locateDate: '2025-03-14' }),
      formId: LOCATE_FORM_ID,
      layerId: undefined,
    });
    expect(res.status).toBe(201);
    expect(ticketNumberOf(res.body)).toBe('250314-00127');
    const layer = await h.db
      .selectFrom('layers')
      .selectAll()
      .where('id', '=', res.body.layerId)
      .executeTakeFirstOrThrow();
    expect(layer).toMatchObject({
      reference_id: LOCATE_FORM_ID,
      server_name: 'htmlform_feature',
      project_id: w.project.id,
    });

    const elsewhere = await field(h);
    await setFlag(h, elsewhere.admin.organizationId, 'onecall', { enabled: false });
    await setFlag(h, elsewhere.admin.organizationId, 'onecall_enabled', false);
    const drawn = await call(h, elsewhere.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-100, 40] },
      properties: { layer_id: elsewhere.layer('point') },
    });
    const offered = (await call(h, elsewhere.admin, 'GET', `/rest/features/${drawn.body.id}/forms/available`)).body;
    expect(offered).toEqual({ canAdd: true, forms: [] });
    const refused = await call(h, elsewhere.admin, 'POST', '/rest/features/forms', {
      featureId: drawn.body.id,
      formId: LOCATE_FORM_ID,
      projectId: elsewhere.project.id,
      data: [{ id: 'ticketNumber', type: 'text', value: '1-2' }],
    });
    expect([refused.status, refused.body.message]).toEqual([400, FEATURE_FORM_MSG.notGranted]);
  });

  it('a form page runs sandboxed: no same origin, no requests, the bridge after the form’s script', async () => {
    const { body } = await call(h, w.admin, 'GET', `/rest/features/forms/view-url/${w.form.id}`);
    const page = await h.app.inject({ method: 'GET', url: body.url });
    expect(page.statusCode).toBe(200);
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toContain('sandbox allow-scripts allow-forms;');
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toMatch(/connect-src/);
    expect(page.body.indexOf('window.validate')).toBeLessThan(page.body.indexOf('validate-and-get-data'));
    expect((await h.app.inject({ method: 'GET', url: `${body.url}x` })).statusCode).toBe(404);
    // The token is a secret: the request log keeps it out.
    expect(redactUrl(body.url)).toBe('/files/feature-forms/[redacted]');
  });
});

describe('the PDF of a feature with its forms', () => {
  it('POST …/pdf answers a signed URL of a real PDF: the map page and the values of the feature and its forms', async () => {
    const drawn = await call(h, w.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-105.2, 39.9] },
      properties: { layer_id: w.layer('point'), properties: { pole_tag: 'PT-4471' } },
    });
    const point = drawn.body.id as string;
    await saveForm(h, w, point, { inspector: '王小明', condition: 'poor', notes: 'Crossarm cracked, Привет' });
    const res = await call(h, w.admin, 'POST', `/rest/features/project/${w.project.id}/feature/${point}/pdf`);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/files\/feature-pdf\/[\w-]+\.[\w-]+\.[\w-]+$/);
    // Opened in a new window: no session.
    const pdf = await h.app.inject({ method: 'GET', url: res.body.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-pdf-'));
    const file = path.join(dir, 'feature.pdf');
    writeFileSync(file, pdf.rawPayload);
    execFileSync('pdftoppm', ['-r', '30', '-png', file, path.join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.startsWith('page')).length).toBe(2);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    for (const expected of [
      point,
      'PT-4471',
      'Pole inspection',
      '王小明',
      'poor',
      'Crossarm cracked, Привет',
      'Scale bar',
    ])
      expect(text).toContain(expected);
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(/Pages:\s+2/);

    expect((await h.app.inject({ method: 'GET', url: `${res.body.url}x` })).statusCode).toBe(404);
    expect(redactUrl(res.body.url)).toBe('/files/feature-pdf/[redacted]');
    const wrongProject = await call(
      h,
      w.admin,
      'POST',
      `/rest/features/project/${crypto.randomUUID()}/feature/${point}/pdf`,
    );
    expect(wrongProject.status).toBe(404);
  });
});
