import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import en from '../web/src/i18n/feature-forms/en.json' with { type: 'json' };
import { expectSnack, mapSettled, selectAt } from './support/map-page.js';
import { seedLocates, type Locates } from './support/features.js';
import { signIn, startMapEnv, type MapEnv } from './support/session.js';

/**
 * Forms on features in a real browser (spec 3 §2 FORMS tab, form dialog and form delete dialog, §4
 * form save, §5 the form's own validation, §7 the PDF): a form is filled on a pole, validated by its
 * own script, saved, seen in the FORMS tab, edited, downloaded as a PDF and deleted; a form's script
 * runs sandboxed, away from the session and the API.
 */
const INSPECTION_HTML = `<!doctype html><html><body><form>
<label>Inspector <input name="inspector"></label>
<label>Condition <select name="condition"><option value="good">Good</option><option value="poor">Poor</option></select></label>
<label>Notes <textarea name="notes"></textarea></label>
<ul id="errors"></ul>
</form></body></html>`;
const INSPECTION_JS = `window.validate = function () {
  var errors = document.querySelector('[name=inspector]').value.trim() ? [] : ['Inspector is required'];
  document.getElementById('errors').textContent = errors.join(' ');
  return errors;
};`;

/** A form whose script tries what a hostile form would: the session, the app's storage, the API. */
const PROBE_HTML = '<!doctype html><html><body><pre id="probe">…</pre><input name="note"></body></html>';
const PROBE_JS = `(function () {
  var out = { origin: String(window.origin) };
  function attempt(name, read) { try { out[name] = 'read:' + read(); } catch (e) { out[name] = 'blocked:' + e.name; } }
  attempt('localStorage', function () { return JSON.stringify(window.localStorage); });
  attempt('sessionStorage', function () { return JSON.stringify(window.sessionStorage); });
  attempt('parentStorage', function () { return JSON.stringify(window.parent.localStorage); });
  attempt('parentDocument', function () { return window.parent.document.title; });
  attempt('cookie', function () { return document.cookie; });
  function show() { document.getElementById('probe').textContent = JSON.stringify(out); }
  fetch('/rest/accounts/profile', { credentials: 'include' }).then(
    function (r) { out.fetch = 'status:' + r.status; show(); },
    function (e) { out.fetch = 'failed:' + e.name; show(); }
  );
  show();
})();`;

describe('forms on features: fill, save, see, edit, PDF, delete; sandboxed form scripts', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  const pole = { id: '', coordinates: [-104.9905, 39.7403] };
  const forms: Record<string, string> = {};

  /** A form uploaded by the admin and granted to the project (the settings screen's own calls). */
  async function addForm(name: string, html: string, js: string) {
    const body = new FormData();
    body.append('dto', JSON.stringify({ name }));
    body.append('htmlFile', new Blob([html], { type: 'text/html' }), `${name}.html`);
    body.append('jsFile', new Blob([js], { type: 'text/javascript' }), `${name}.js`);
    const res = await fetch(`${env.server.url}/rest/forms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.admin.token}` },
      body,
    });
    expect(res.status).toBe(201);
    const form = (await res.json()) as { id: string };
    await env.api('PUT', `/rest/forms/permission/add/${form.id}/${ids.project}`);
    forms[name] = form.id;
  }

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Flo', company: 'Feature Forms' });
    ids = await seedLocates(env, { center: { lat: 39.7403, lng: -104.9905 }, zoom: 17 });
    pole.id = (
      await env.api<{ id: string }>('POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates: pole.coordinates },
        properties: {
          layer_id: ids.point,
          system_id: ids.pole.systemId,
          component_id: ids.pole.componentId,
          attributes: [{ attributeId: ids.pole.statusId, attributeValue: 'Marked' }],
        },
      })
    ).id;
    await addForm('Pole inspection', INSPECTION_HTML, INSPECTION_JS);
    await addForm('Probe', PROBE_HTML, PROBE_JS);
  });
  afterAll(async () => {
    await env?.stop();
  });

  const formsTab = () => page.getByRole('tab', { name: en['app.feature.tab.forms'] });
  const frame = (): FrameLocator => page.frameLocator('[data-testid="form-frame"]');
  async function openNewForm(name: string) {
    await page.getByTestId('form-add').click();
    await page.getByRole('menuitem', { name }).click();
    await page.getByTestId('form-dialog').waitFor();
    await frame().locator('input').first().waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('form-dialog-save')
          .isEnabled()
          .catch(() => false),
      )
      .toBe(true);
  }

  it('fills a form on a feature: its own validation first, then saved and listed in the FORMS tab', async () => {
    page = await env.page();
    await signIn(page, env.server, env.admin);
    await mapSettled(page);
    await selectAt(page, pole.coordinates, 'Electric Pole');
    await formsTab().click();
    expect(await page.getByTestId('forms-empty').textContent()).toBe(en['app.no.forms.found']);

    await openNewForm('Pole inspection');
    const box = await page.getByTestId('form-dialog').boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([590, 530]);
    // The form's own script refuses an empty inspector (spec 3 §5): an alert, nothing saved.
    await page.getByTestId('form-dialog-save').click();
    const alert = page.getByTestId('form-dialog-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(en['app.form.contains-errors']);
    expect(await alert.textContent()).toContain('Inspector is required');
    expect(await env.api('GET', `/rest/features/${pole.id}/forms`)).toEqual([]);

    await frame().locator('[name=inspector]').fill('Ada Lovelace');
    await frame().locator('[name=condition]').selectOption('poor');
    await frame().locator('[name=notes]').fill('Crossarm cracked');
    await page.getByTestId('form-dialog-save').click();
    await expectSnack(page, en['app.form.new.success']);
    await page.getByTestId('form-dialog').waitFor({ state: 'detached' });

    const record = page.getByTestId('form-record');
    await record.waitFor();
    expect(await record.getByTestId('form-record-name').textContent()).toBe('Pole inspection');
    await record.getByTestId('form-record-name').click();
    const values = await record.getByTestId('form-record-values').textContent();
    for (const v of ['inspector', 'Ada Lovelace', 'condition', 'poor', 'Crossarm cracked']) expect(values).toContain(v);
    const stored = await env.api<Array<{ data: unknown[] }>>('GET', `/rest/features/${pole.id}/forms`);
    expect(stored[0].data).toEqual([
      { id: 'inspector', type: 'text', value: 'Ada Lovelace' },
      { id: 'condition', type: 'select', value: 'poor' },
      { id: 'notes', type: 'textarea', value: 'Crossarm cracked' },
    ]);
  });

  it('downloads the PDF of the feature with its form: a PDF with the values inside, opened without the session', async () => {
    const [request] = await Promise.all([
      page.context().waitForEvent('request', (r) => r.url().includes('/files/feature-pdf/')),
      page.getByTestId('form-pdf').click(),
    ]);
    const res = await fetch(request.url());
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-e2e-pdf-'));
    const file = path.join(dir, 'feature.pdf');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-']).toString();
    for (const v of ['Electric Pole', pole.id, 'Pole inspection', 'Ada Lovelace', 'Crossarm cracked'])
      expect(text).toContain(v);
  });

  it('edits the form with its values filled in, then deletes it after confirming', async () => {
    const record = page.getByTestId('form-record');
    await record.getByTestId('form-edit').click();
    await page.getByTestId('form-dialog').waitFor();
    await expect.poll(() => frame().locator('[name=inspector]').inputValue()).toBe('Ada Lovelace');
    expect(await frame().locator('[name=condition]').inputValue()).toBe('poor');
    await frame().locator('[name=inspector]').fill('Grace Hopper');
    await page.getByTestId('form-dialog-save').click();
    await expectSnack(page, en['app.form.update.success']);
    await expect
      .poll(
        async () =>
          (await env.api<Array<{ data: Array<{ value: unknown }> }>>('GET', `/rest/features/${pole.id}/forms`))[0]
            .data[0].value,
      )
      .toBe('Grace Hopper');

    await record.getByTestId('form-delete').click();
    await page.getByTestId('form-delete-confirm').click();
    await expectSnack(page, en['app.form.delete.success']);
    await page.getByTestId('forms-empty').waitFor();
    expect(await env.api('GET', `/rest/features/${pole.id}/forms`)).toEqual([]);
  });

  it("a form's script runs in an opaque origin: no storage, no session, no API call", async () => {
    await openNewForm('Probe');
    const probe = frame().locator('#probe');
    await expect.poll(async () => (await probe.textContent()) ?? '').toContain('"fetch"');
    const seen = JSON.parse((await probe.textContent()) ?? '{}') as Record<string, string>;
    expect(seen.origin).toBe('null');
    for (const key of ['localStorage', 'sessionStorage', 'parentStorage', 'parentDocument', 'cookie'])
      expect([key, seen[key]]).toEqual([key, expect.stringMatching(/^blocked:/)]);
    expect(seen.fetch).toMatch(/^failed:/);
    // The app itself still holds its session.
    expect(
      await page.evaluate(() => Object.keys(localStorage).length + Object.keys(sessionStorage).length),
    ).toBeGreaterThan(0);
    await page.getByTestId('form-dialog-close').click();
  });
});
