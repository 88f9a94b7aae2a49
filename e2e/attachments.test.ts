import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { unzipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import type { Attachment } from '@fieldbook/domain';
import en from '../web/src/i18n/attachments/en.json' with { type: 'json' };
import { picture } from '../server/test/attachment-fixtures.js';
import { closeFeaturePanel, expectSnack, mapSettled, selectAt } from './support/map-page.js';
import { addPole, seedLocates, type Locates } from './support/features.js';
import { signIn, startMapEnv, updatePrefs, type MapEnv } from './support/session.js';

/** A two-page PDF, each page filled with a colour the test can look for. */
function twoPagePdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: [400, 300], margin: 20 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.rect(0, 0, 400, 300).fill('#1565c0');
    doc.addPage();
    doc.rect(0, 0, 400, 300).fill('#c62828');
    doc.end();
  });
}

/**
 * Attachments in a real browser (spec 3 §2 ATTACHMENTS tab and preview, §4 upload states and preview
 * retry, §5 rules, §6 rights): a photo made here is attached through the upload dialog, annotated
 * and given a note; after a reload its thumbnail, annotations and note are there. The dialog refuses
 * what the server would; a PDF pages through; all download as a zip; a delete is confirmed; a
 * read-only layer offers no changes.
 */
describe('attachments: upload, annotate, note, preview, download, delete, read-only', () => {
  let env: MapEnv;
  let page: Page;
  let ids: Locates;
  let poleId = '';
  const pole = [-104.9905, 39.7403];
  const archived = [-104.9895, 39.7412];
  let photo: Buffer;

  const tab = () => page.getByTestId('feature-attachments');
  const row = (name: string) => tab().locator(`[data-testid="attachment-row"][data-name="${name}"]`);
  const listed = () => env.api<Attachment[]>('GET', `/rest/features/${poleId}/attachments`);
  const openTab = async (at: number[], title: string) => {
    await selectAt(page, at, title);
    await page.getByTestId('feature-tab-ATTACHMENTS').click();
    await tab().getByTestId('attachment-count').filter({ hasText: /\S/ }).waitFor();
  };
  /** A reload, then the pole's ATTACHMENTS tab with the photo's thumbnail loaded. */
  const reloadAndOpenPole = async () => {
    await page.reload();
    await page.getByTestId('map').waitFor();
    await mapSettled(page);
    await openTab(pole, 'Electric Pole');
    const thumb = row('pole-photo.png').getByTestId('attachment-thumb');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(375);
  };
  const attachByApi = async (featureId: string, layerId: string, name: string, data: Buffer, type: string) => {
    const query = new URLSearchParams({
      NewID: crypto.randomUUID(),
      FileName: name,
      TableID: layerId,
      FeatureID: featureId,
    });
    const res = await fetch(`${env.server.url}/api/MapFile/Create?${query.toString()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.admin.token}`, 'content-type': type },
      body: new Uint8Array(data),
    });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    env = await startMapEnv({ given: 'Ada', company: 'Attach' });
    ids = await seedLocates(env, { center: { lat: 39.7407, lng: -104.99 }, zoom: 17 });
    poleId = await addPole(env, ids, pole);
    // A read-only layer whose point already has a photo (attached before the layer was locked).
    const folder = await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders`, { name: 'Archive' });
    const archive = await env.api<{ id: string }>('POST', `/rest/projects/${ids.project}/folders/${folder.id}/layers`, {
      name: 'Old poles',
    });
    const old = await env.api<{ id: string }>('POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: archived },
      properties: { layer_id: archive.id },
    });
    await attachByApi(old.id, archive.id, 'old-pole.png', await picture(300, 200, 'png'), 'image/png');
    await env.api('PUT', `/rest/projects/${ids.project}/folders/${folder.id}/layers`, {
      id: archive.id,
      name: 'Old poles',
      readOnly: true,
    });
    const prefs = await env.api<{ projectPrefs: Array<{ selectedLayers: string[] }> }>('GET', '/preferences');
    prefs.projectPrefs[0].selectedLayers.push(archive.id);
    await updatePrefs(env.api, { projectPrefs: prefs.projectPrefs });

    photo = await picture(1200, 900, 'png');
    page = await env.page();
    await signIn(page, env.server, env.admin);
  });
  afterAll(async () => {
    await env?.stop();
  });

  it('attaches a photo through the upload dialog and shows its thumbnail', async () => {
    await mapSettled(page);
    await openTab(pole, 'Electric Pole');
    await tab().getByTestId('attachment-empty').waitFor();
    await tab().getByTestId('attachment-add').click();
    const dialog = page.getByTestId('attachment-upload-dialog');
    await dialog.getByTestId('attachment-file-input').setInputFiles({
      name: 'pole-photo.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await dialog.locator('[data-testid="upload-file-row"][data-status="idle"]').waitFor();
    await dialog.getByTestId('attachment-upload-submit').click();
    await expectSnack(page, 'Attachment added');
    await dialog.waitFor({ state: 'hidden' });
    await row('pole-photo.png').waitFor();
    // The server's 375 px thumbnail, loaded from its signed URL.
    const thumb = row('pole-photo.png').getByTestId('attachment-thumb');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(375);
    expect(await row('pole-photo.png').getByTestId('attachment-details').textContent()).toContain('KB');
  });

  it('refuses in the dialog what the server would: an empty file and a name already on the feature', async () => {
    await tab().getByTestId('attachment-add').click();
    const dialog = page.getByTestId('attachment-upload-dialog');
    await dialog.getByTestId('attachment-file-input').setInputFiles([
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
      { name: 'pole-photo.png', mimeType: 'image/png', buffer: photo },
    ]);
    const states = dialog.getByTestId('upload-file-state');
    await expect
      .poll(() => states.allTextContents())
      .toEqual([en['app.attachment.error.empty'], en['app.attachment.error.duplicate-name']]);
    expect(await dialog.getByTestId('attachment-upload-submit').isDisabled()).toBe(true);
    await dialog.getByTestId('attachment-upload-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await listed()).map((a) => a.file_name)).toEqual(['pole-photo.png']);
  });

  it('takes several files dropped at once and adds them with the note given in the dialog', async () => {
    await tab().getByTestId('attachment-add').click();
    const dialog = page.getByTestId('attachment-upload-dialog');
    const sketches = await Promise.all([picture(320, 200, 'png'), picture(200, 320, 'png')]);
    const dropped = await page.evaluateHandle(
      (files) => {
        const transfer = new DataTransfer();
        for (const f of files)
          transfer.items.add(
            new File([Uint8Array.from(atob(f.data), (c) => c.charCodeAt(0))], f.name, { type: 'image/png' }),
          );
        return transfer;
      },
      sketches.map((data, i) => ({ name: `sketch-${i + 1}.png`, data: data.toString('base64') })),
    );
    await dialog.getByTestId('attachment-drop').dispatchEvent('dragover', { dataTransfer: dropped });
    expect(await dialog.getByTestId('attachment-drop').getAttribute('data-dragging')).toBe('true');
    await dialog.getByTestId('attachment-drop').dispatchEvent('drop', { dataTransfer: dropped });
    await expect.poll(() => dialog.locator('[data-testid="upload-file-row"][data-status="idle"]').count()).toBe(2);
    await dialog.getByTestId('attachment-upload-note').fill('Sketch of the crossing');
    await dialog.getByTestId('attachment-upload-submit').click();
    await expectSnack(page, '2 attachments added');
    await dialog.waitFor({ state: 'hidden' });
    for (const name of ['sketch-1.png', 'sketch-2.png'])
      expect(await row(name).getByTestId('attachment-note-excerpt').textContent()).toBe('Sketch of the crossing');
    expect((await listed()).map((a) => a.file_name)).toEqual(['pole-photo.png', 'sketch-1.png', 'sketch-2.png']);
  });

  it('draws annotations in image pixels and saves them with a note', async () => {
    await row('pole-photo.png').getByTestId('attachment-open').click();
    const preview = tab().getByTestId('attachment-preview');
    const image = preview.getByTestId('attachment-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    const canvas = preview.getByTestId('annotation-canvas');
    const box = (await canvas.boundingBox())!;
    const drag = async (tool: string, from: [number, number], to: [number, number]) => {
      await preview.getByTestId(`annotation-tool-${tool}`).click();
      await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 5 });
      await page.mouse.up();
    };
    await drag('rect', [0.1, 0.1], [0.4, 0.5]);
    await drag('circ_valve', [0.6, 0.2], [0.9, 0.6]);
    await drag('line', [0.2, 0.8], [0.8, 0.8]);
    await preview.getByTestId('annotation-undo').click();
    expect(await canvas.getAttribute('data-count')).toBe('2');
    await preview.getByTestId('annotation-save').click();
    await expectSnack(page, en['app.attachment.annotations.saved']);

    await preview.getByTestId('attachment-note').fill('Cracked valve box, north side');
    await preview.getByTestId('attachment-note-save').click();
    await expectSnack(page, en['app.attachment.note.saved']);

    const [saved] = await listed();
    expect(saved.File_Meta?.note).toBe('Cracked valve box, north side');
    const annots = saved.File_Meta?.annots ?? [];
    expect(annots.map((a) => a.type)).toEqual(['rect', 'circ_valve']);
    // Stored in the photo's own pixels (1200 × 900), whatever size it was shown at.
    expect(annots[0].x1).toBeGreaterThan(120 - 4);
    expect(annots[0].x1).toBeLessThan(120 + 4);
    expect(annots[0].y2).toBeGreaterThan(450 - 4);
    expect(annots[0].y2).toBeLessThan(450 + 4);
    expect(annots[1]).toMatchObject({ line_width: 9, alpha: 255 });
  });

  it('shows the thumbnail, the annotations and the note again after a reload', async () => {
    await reloadAndOpenPole();
    expect(await row('pole-photo.png').getByTestId('attachment-details').textContent()).toContain('2 annotations');
    expect(await row('pole-photo.png').getByTestId('attachment-note-excerpt').textContent()).toBe(
      'Cracked valve box, north side',
    );
    await row('pole-photo.png').getByTestId('attachment-open').click();
    const canvas = tab().getByTestId('annotation-canvas');
    expect(await canvas.getAttribute('data-count')).toBe('2');
    // The saved rectangle is drawn: its left edge (x 10 % of the photo) holds red pixels.
    await expect
      .poll(() =>
        canvas.evaluate((c: HTMLCanvasElement) => {
          const ctx = c.getContext('2d')!;
          const x = Math.round(c.width * 0.1);
          const column = ctx.getImageData(x - 2, 0, 5, c.height).data;
          let red = 0;
          for (let i = 0; i < column.length; i += 4) if (column[i] > 200 && column[i + 3] > 200) red++;
          return red;
        }),
      )
      .toBeGreaterThan(10);
    expect(await tab().getByTestId('attachment-note').inputValue()).toBe('Cracked valve box, north side');

    // Expanded into a dialog and back, with the same annotations.
    await tab().getByTestId('attachment-preview-expand').click();
    const dialog = page.getByTestId('attachment-preview-dialog');
    expect(await dialog.getByTestId('annotation-canvas').getAttribute('data-count')).toBe('2');
    await dialog.getByTestId('attachment-preview-expand').click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('pages through a PDF attachment', async () => {
    await attachByApi(poleId, ids.point, 'permit.pdf', await twoPagePdf(), 'application/pdf');
    await reloadAndOpenPole();
    await row('permit.pdf').getByTestId('attachment-open').click();
    const preview = tab().getByTestId('attachment-preview');
    const pageLabel = preview.getByTestId('pdf-page');
    await expect.poll(() => pageLabel.textContent()).toBe('Page 1 of 2');
    const canvas = preview.getByTestId('pdf-canvas');
    const centre = () =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const [r, g, b] = c.getContext('2d')!.getImageData(c.width / 2, c.height / 2, 1, 1).data;
        return [r, g, b];
      });
    await preview.locator('[data-testid="pdf-canvas"][data-rendered="true"]').waitFor();
    const blue = await centre();
    expect(blue[2]).toBeGreaterThan(150);
    expect(blue[0]).toBeLessThan(80);
    await preview.getByTestId('pdf-next').click();
    await expect.poll(() => pageLabel.textContent()).toBe('Page 2 of 2');
    await preview.locator('[data-testid="pdf-canvas"][data-page="2"][data-rendered="true"]').waitFor();
    const red = await centre();
    expect(red[0]).toBeGreaterThan(150);
    expect(red[2]).toBeLessThan(80);
    expect(await preview.getByTestId('pdf-next').isDisabled()).toBe(true);
    await preview.getByTestId('attachment-preview-close').click();
  });

  it('asks for a new URL once when a preview fails, then says it was not found', async () => {
    // After a reload no file URL is cached; each GetFile call is counted per file.
    await reloadAndOpenPole();
    const files = Object.fromEntries((await listed()).map((a) => [a.file_name, a.File_ID]));
    const urlCalls: string[] = [];
    page.on('request', (r) => {
      const id = r.url().match(/\/api\/MapFile\/GetFile\/([^?]+)/)?.[1];
      if (id) urlCalls.push(id);
    });
    const callsFor = (name: string) => urlCalls.filter((id) => id === files[name]).length;

    // Every load of the PDF fails: the first URL, then the one asked for again; then the message.
    await page.route('**/files/attachments/**', (route) => route.fulfill({ status: 404, body: '' }));
    await row('permit.pdf').getByTestId('attachment-open').click();
    await tab().getByTestId('attachment-preview-not-found').waitFor();
    expect(await tab().getByTestId('attachment-preview-not-found').textContent()).toBe(
      en['app.attachment.preview.not-found'],
    );
    await page.waitForTimeout(500);
    expect(callsFor('permit.pdf')).toBe(2);
    await tab().getByTestId('attachment-preview-close').click();
    await page.unroute('**/files/attachments/**');

    // The photo's first load fails (an <img> asks once per load); the URL asked for again loads it.
    const answers: number[] = [];
    await page.route('**/files/attachments/**', (route) => {
      answers.push(answers.length === 0 ? 404 : 200);
      return answers.length === 1 ? route.fulfill({ status: 404, body: '' }) : route.continue();
    });
    await row('pole-photo.png').getByTestId('attachment-open').click();
    const image = tab().getByTestId('attachment-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    expect(answers).toEqual([404, 200]);
    expect(callsFor('pole-photo.png')).toBe(2);
    await page.unroute('**/files/attachments/**');
    await tab().getByTestId('attachment-preview-close').click();
  });

  it('downloads every attachment as one zip', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tab().getByTestId('attachment-download-all').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^attachments-point-.+\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(zip).sort()).toEqual(['permit.pdf', 'pole-photo.png', 'sketch-1.png', 'sketch-2.png']);
    expect(Buffer.from(zip['pole-photo.png']).equals(photo)).toBe(true);
  });

  it('deletes an attachment after a confirmation', async () => {
    await row('permit.pdf').getByTestId('attachment-delete').click();
    const dialog = page.getByTestId('attachment-delete-dialog');
    expect(await dialog.textContent()).toContain('permit.pdf');
    await dialog.getByTestId('confirm-dialog-confirm').click();
    await expectSnack(page, en['app.attachment.delete.success']);
    await row('permit.pdf').waitFor({ state: 'detached' });
    expect((await listed()).map((a) => a.file_name)).toEqual(['pole-photo.png', 'sketch-1.png', 'sketch-2.png']);
  });

  it('offers no add, delete, drawing or note editing on a read-only layer', async () => {
    await closeFeaturePanel(page);
    await openTab(archived, 'Old poles');
    await row('old-pole.png').waitFor();
    expect(await tab().getByTestId('attachment-add').count()).toBe(0);
    expect(await row('old-pole.png').getByTestId('attachment-delete').isDisabled()).toBe(true);
    await row('old-pole.png').getByTestId('attachment-open').click();
    await tab().getByTestId('attachment-image').waitFor();
    expect(await tab().getByTestId('annotation-toolbar').count()).toBe(0);
    expect(await tab().getByTestId('attachment-note').getAttribute('readonly')).not.toBeNull();
    expect(await tab().getByTestId('attachment-note-save').count()).toBe(0);
  });
});
