import { Readable } from 'node:stream';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MSG,
  FEATURE_MSG,
  GENERIC_CONTENT_TYPE,
  type Attachment,
} from '@fieldbook/domain';
import { buildApp } from '../src/app.js';
import { purgeAttachments } from '../src/attachments/purge.js';
import { harness, sharedDatabase, testConfig, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';
import { call, field } from './feature-fixtures.js';
import { lastSeq, loggedSince } from './activity-log.js';
import { attach, picture, sizeOf, storedAttachmentFiles, upload } from './attachment-fixtures.js';
import { startTestS3 } from './s3-server.js';
import { addFormRecord, grantForm } from './feature-form-fixtures.js';

/**
 * Feature attachments (issue #15; spec 3 §3 File_List, §5 rules, §6 rights, §7 `/api/MapFile/...`):
 * what the ATTACHMENTS tab and a user opening a file notice.
 */

let h: Harness;
let f: Awaited<ReturnType<typeof field>>;
beforeAll(async () => {
  h = await harness();
  f = await field(h);
});

const pointLayer = () => f.layer('point');
async function drawPoint(who: SignedIn = f.admin): Promise<string> {
  const res = await call(h, who, 'POST', '/rest/features/points', {
    geometry: { type: 'Point', coordinates: [-105, 39] },
    properties: { layer_id: pointLayer() },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const list = async (who: SignedIn, featureId: string) =>
  (await call(h, who, 'GET', `/rest/features/${featureId}/attachments`)).body as Attachment[];
const fileList = async (featureId: string) =>
  JSON.parse((await call(h, f.admin, 'GET', `/rest/features/${featureId}`)).body.properties.metadata ?? '{}')
    .File_List as Array<Record<string, unknown>> | undefined;
const signedUrl = async (who: SignedIn, fileId: string, thumb = false) =>
  call(h, who, 'GET', `/api/MapFile/GetFile/${fileId}?NoRedirect=1${thumb ? '&thumb=1' : ''}`);
/** A URL fetched as a browser's <img> or download link does: no Authorization header. */
const fetchPlain = (url: string, app = h.app) => app.inject({ method: 'GET', url });

describe('attachments', () => {
  it('attaches photos: listed, in File_List, a 375 px thumbnail (never upscaled), logged once each', async () => {
    const point = await drawPoint();
    const png = await picture(800, 600, 'png');
    const jpeg = await picture(1000, 500, 'jpeg');
    const small = await picture(200, 100, 'png');
    const since = await lastSeq(h);
    const a = await attach(h, f.admin, {
      featureId: point,
      layerId: pointLayer(),
      name: 'pole.png',
      data: png,
      type: 'image/png',
    });
    const b = await attach(h, f.admin, {
      featureId: point,
      layerId: pointLayer(),
      name: 'tag.jpg',
      data: jpeg,
      type: 'image/jpeg',
    });
    const c = await attach(h, f.admin, {
      featureId: point,
      layerId: pointLayer(),
      name: 'small.png',
      data: small,
      type: 'image/png',
    });
    expect(a).toMatchObject({ File: 'pole.png', File_Type: 'Photo', content_type: 'image/png', size: png.length });
    expect(a).toMatchObject({ has_thumbnail: true, mbcode: point, created_by: f.admin.email, file_name: 'pole.png' });

    expect((await list(f.admin, point)).map((x) => x.File)).toEqual(['pole.png', 'tag.jpg', 'small.png']);
    expect(await fileList(point)).toEqual([
      { File_ID: a.File_ID, File: 'pole.png', File_Type: 'Photo' },
      { File_ID: b.File_ID, File: 'tag.jpg', File_Type: 'Photo' },
      { File_ID: c.File_ID, File: 'small.png', File_Type: 'Photo' },
    ]);

    for (const [file, type, size] of [
      [a, 'image/png', [375, 281]],
      [b, 'image/jpeg', [375, 188]],
      [c, 'image/png', [200, 100]],
    ] as const) {
      const { url } = (await signedUrl(f.admin, file.File_ID, true)).body;
      const thumb = await fetchPlain(url);
      expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, type]);
      expect(await sizeOf(thumb.rawPayload)).toEqual(size);
    }

    // The file itself: a redirect to the signed URL, the bytes as uploaded, shown inline and inert.
    const redirect = await h.app.inject({
      method: 'GET',
      url: `/api/MapFile/GetFile/${a.File_ID}`,
      headers: f.admin.auth,
    });
    expect(redirect.statusCode).toBe(302);
    const original = await fetchPlain(String(redirect.headers.location));
    expect(Buffer.compare(original.rawPayload, png)).toBe(0);
    expect(original.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': `inline; filename="pole.png"; filename*=UTF-8''pole.png`,
      'cache-control': 'private',
      'x-content-type-options': 'nosniff',
    });
    expect(original.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect((await call(h, f.admin, 'GET', `/api/MapFile/HeadFile/${b.File_ID}?NoRedirect=1`)).body).toEqual({
      exists: true,
      size: jpeg.length,
      content_type: 'image/jpeg',
    });

    const logged = await loggedSince(h, f.admin.organizationId, since);
    expect(logged.map((e) => [e.type, e.category, e.message])).toEqual([
      ['Edit', 'Feature', `Attachment 'pole.png' added to ${point}`],
      ['Edit', 'Feature', `Attachment 'tag.jpg' added to ${point}`],
      ['Edit', 'Feature', `Attachment 'small.png' added to ${point}`],
    ]);
    expect(logged[2]!.artifact).toMatchObject({
      featureId: point,
      metadata: { File_List: [{ File_ID: a.File_ID }, { File_ID: b.File_ID }, { File_ID: c.File_ID }] },
    });
  });

  it('refuses a file over 5,242,880 bytes, an empty one and a bad name: the message, nothing stored or logged', async () => {
    const point = await drawPoint();
    const kept = await attach(h, f.admin, { featureId: point, layerId: pointLayer(), name: 'kept.txt', data: 'kept' });
    const filesBefore = storedAttachmentFiles(h.app, f.admin.organizationId).length;
    const listBefore = await fileList(point);
    const since = await lastSeq(h);
    const base = { featureId: point, layerId: pointLayer() };

    const tooBig = await upload(h.app, f.admin, {
      ...base,
      name: 'big.bin',
      data: Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 7),
    });
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, ATTACHMENT_MSG.tooLarge]);
    // Sent without a length (chunked), it is cut off once past the limit.
    const streamed = await h.app.inject({
      method: 'POST',
      url: `/api/MapFile/Create?NewID=${crypto.randomUUID()}&FileName=big.bin&TableID=${pointLayer()}&FeatureID=${point}`,
      headers: { ...f.admin.auth, 'content-type': 'application/octet-stream' },
      payload: Readable.from(
        (function* () {
          for (let i = 0; i <= ATTACHMENT_MAX_BYTES / 65_536; i++) yield Buffer.alloc(65_536, 7);
        })(),
      ),
    });
    expect([streamed.statusCode, streamed.json().message]).toEqual([413, ATTACHMENT_MSG.tooLarge]);
    const empty = await upload(h.app, f.admin, { ...base, name: 'empty.txt', data: '' });
    expect([empty.statusCode, empty.json().message]).toEqual([400, ATTACHMENT_MSG.empty]);
    const slash = await upload(h.app, f.admin, { ...base, name: 'a/b.txt', data: 'x' });
    expect([slash.statusCode, slash.json().message]).toEqual([400, ATTACHMENT_MSG.badName]);
    const sameId = await upload(h.app, f.admin, { ...base, name: 'other.txt', data: 'x', newId: kept.File_ID });
    expect([sameId.statusCode, sameId.json().message]).toEqual([409, ATTACHMENT_MSG.newError]);

    expect((await list(f.admin, point)).map((x) => x.File)).toEqual(['kept.txt']);
    expect(await fileList(point)).toEqual(listBefore);
    expect(storedAttachmentFiles(h.app, f.admin.organizationId)).toHaveLength(filesBefore);
    expect(await loggedSince(h, f.admin.organizationId, since)).toEqual([]);
    // The original of the reused id is untouched.
    const { url } = (await signedUrl(f.admin, kept.File_ID)).body;
    expect((await fetchPlain(url)).body).toBe('kept');

    // The limit itself is allowed.
    const max = await attach(h, f.admin, { ...base, name: 'max.bin', data: Buffer.alloc(ATTACHMENT_MAX_BYTES, 1) });
    expect(max.size).toBe(ATTACHMENT_MAX_BYTES);
  });

  it('refuses a duplicate name on the same vertex, allows it on another; unknown types are octet streams', async () => {
    const line = (
      await call(h, f.admin, 'POST', '/rest/features/lines', {
        geometry: {
          type: 'LineString',
          coordinates: [
            [-105, 39],
            [-104, 39],
            [-103, 39],
          ],
        },
        properties: { layer_id: f.layer('line') },
      })
    ).body.id as string;
    const base = { featureId: line, layerId: f.layer('line'), data: 'report' };
    await attach(h, f.admin, { ...base, name: 'report.pdf', vertex: 1, type: 'application/pdf' });
    const again = await upload(h.app, f.admin, { ...base, name: 'report.pdf', vertex: 1 });
    expect([again.statusCode, again.json().message]).toEqual([409, ATTACHMENT_MSG.duplicateName]);
    await attach(h, f.admin, { ...base, name: 'report.pdf', vertex: 2 });
    await attach(h, f.admin, { ...base, name: 'report.pdf' });
    const whole = await upload(h.app, f.admin, { ...base, name: 'report.pdf' });
    expect([whole.statusCode, whole.json().message]).toEqual([409, ATTACHMENT_MSG.duplicateName]);
    expect((await fileList(line))!.map((e) => [e.File, e.Vertex])).toEqual([
      ['report.pdf', 1],
      ['report.pdf', 2],
      ['report.pdf', undefined],
    ]);

    const none = await attach(h, f.admin, { ...base, name: 'notes', type: null });
    const odd = await attach(h, f.admin, { ...base, name: 'notes.xyz', type: 'not a type' });
    const json = await attach(h, f.admin, { ...base, name: 'data.json', data: '{"a":1}', type: 'application/json' });
    expect([none.content_type, odd.content_type, json.content_type]).toEqual([
      GENERIC_CONTENT_TYPE,
      GENERIC_CONTENT_TYPE,
      'application/json',
    ]);
    const { url } = (await signedUrl(f.admin, json.File_ID)).body;
    const served = await fetchPlain(url);
    expect([served.body, served.headers['content-disposition']]).toEqual([
      '{"a":1}',
      `attachment; filename="data.json"; filename*=UTF-8''data.json`,
    ]);

    // An "image" that is not one has no thumbnail.
    const broken = await attach(h, f.admin, { ...base, name: 'broken.png', type: 'image/png' });
    expect(broken.has_thumbnail).toBe(false);
    const thumb = await signedUrl(f.admin, broken.File_ID, true);
    expect([thumb.status, thumb.body.message]).toEqual([404, ATTACHMENT_MSG.previewNotFound]);
  });

  it('serves HTML and SVG as inert downloads', async () => {
    const point = await drawPoint();
    for (const [name, type] of [
      ['page.html', 'text/html'],
      ['drawing.svg', 'image/svg+xml'],
    ]) {
      const file = await attach(h, f.admin, {
        featureId: point,
        layerId: pointLayer(),
        name,
        type,
        data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      });
      expect(file.has_thumbnail).toBe(false);
      const served = await fetchPlain((await signedUrl(f.admin, file.File_ID)).body.url);
      expect(served.headers['content-type']).toContain(type);
      expect(served.headers['content-disposition']).toMatch(/^attachment;/);
      expect(served.headers['content-security-policy']).toMatch(/default-src 'none'.*; sandbox$/);
    }
  });

  it('changes the note and annotations: in the list, File_List and the log; annotations only on images', async () => {
    const point = await drawPoint();
    const photo = await attach(h, f.admin, {
      featureId: point,
      layerId: pointLayer(),
      name: 'valve.jpg',
      type: 'image/jpeg',
      data: await picture(400, 300, 'jpeg'),
    });
    const doc = await attach(h, f.admin, { featureId: point, layerId: pointLayer(), name: 'doc.txt', data: 'text' });
    const annots = [{ type: 'circ_valve', x1: 10, y1: 10, x2: 50, y2: 50, color: '#ff0000', alpha: 200 }];
    const since = await lastSeq(h);
    const noted = await call(h, f.admin, 'PUT', `/api/MapFile/Meta/${photo.File_ID}`, { note: 'Leaking', annots });
    expect(noted.status).toBe(200);
    const meta = { note: 'Leaking', annots: [{ ...annots[0], line_width: 9 }] };
    expect(noted.body.File_Meta).toEqual(meta);
    // A field left out keeps its value.
    await call(h, f.admin, 'PUT', `/api/MapFile/Meta/${photo.File_ID}`, { note: 'Fixed' });
    const expected = { ...meta, note: 'Fixed' };
    expect((await list(f.admin, point))[0]!.File_Meta).toEqual(expected);
    expect((await fileList(point))![0]).toEqual({
      File_ID: photo.File_ID,
      File: 'valve.jpg',
      File_Type: 'Photo',
      File_Meta: expected,
    });
    expect((await loggedSince(h, f.admin.organizationId, since)).map((e) => e.message)).toEqual([
      `Attachment 'valve.jpg' note updated on ${point}`,
      `Attachment 'valve.jpg' note updated on ${point}`,
    ]);

    const onText = await call(h, f.admin, 'PUT', `/api/MapFile/Meta/${doc.File_ID}`, { annots });
    expect([onText.status, onText.body.message]).toEqual([400, ATTACHMENT_MSG.noteError]);
    expect((await call(h, f.admin, 'PUT', `/api/MapFile/Meta/${doc.File_ID}`, { note: 'ok' })).status).toBe(200);
  });

  it('deletes: gone from the list, File_List and its URL, logged; the file kept for a restore', async () => {
    const point = await drawPoint();
    const file = await attach(h, f.admin, { featureId: point, layerId: pointLayer(), name: 'old.txt', data: 'old' });
    const { url } = (await signedUrl(f.admin, file.File_ID)).body;
    const since = await lastSeq(h);
    expect((await call(h, f.admin, 'POST', `/api/MapFile/Delete/${file.File_ID}`)).status).toBe(204);
    expect(await list(f.admin, point)).toEqual([]);
    expect(await fileList(point)).toEqual([]);
    expect((await fetchPlain(url)).statusCode).toBe(404);
    expect((await signedUrl(f.admin, file.File_ID)).status).toBe(404);
    expect((await call(h, f.admin, 'POST', `/api/MapFile/Delete/${file.File_ID}`)).status).toBe(404);
    expect((await loggedSince(h, f.admin.organizationId, since)).map((e) => e.message)).toEqual([
      `Attachment 'old.txt' deleted from ${point}`,
    ]);
    const exists = await call(h, f.admin, 'GET', `/api/MapFile/CheckFileExists/ForRestoration/${file.File_ID}`);
    expect(exists.body).toEqual({ data: true });
  });

  it('keeps File_List in step with the attachments when a feature edit sends other metadata', async () => {
    const point = await drawPoint();
    const file = await attach(h, f.admin, { featureId: point, layerId: pointLayer(), name: 'kept.txt', data: 'k' });
    // A form record on the feature (its File_List entry is written from the forms' table, migration 028).
    const { form: inspection } = await grantForm(h, f, 'Inspection');
    const { entry: form } = await addFormRecord(h, f.admin, {
      featureId: point,
      formId: inspection.id,
      projectId: f.project.id,
    });
    const edit = await call(h, f.admin, 'PUT', '/rest/features', {
      id: point,
      geometry: { type: 'Point', coordinates: [-104, 39] },
      properties: { layer_id: pointLayer(), metadata: { Meta_Data: { note: 'edited' }, File_List: [form] } },
    });
    expect(edit.status).toBe(200);
    const metadata = JSON.parse(edit.body.properties.metadata);
    expect(metadata).toEqual({
      Meta_Data: { note: 'edited' },
      File_List: [{ File_ID: file.File_ID, File: 'kept.txt', File_Type: 'File' }, form],
    });
  });

  it('follows its feature when the feature moves to another layer', async () => {
    const point = await drawPoint();
    const file = await attach(h, f.admin, { featureId: point, layerId: pointLayer(), name: 'moved.txt', data: 'm' });
    const ogcFid = point.split('.')[1]!;
    await h.db
      .updateTable('features')
      .set({ layer_id: f.layer('line') })
      .where('id', '=', ogcFid)
      .execute();
    const row = await h.db
      .selectFrom('attachments')
      .select('layer_id')
      .where('id', '=', file.File_ID)
      .executeTakeFirst();
    expect(row?.layer_id).toBe(f.layer('line'));
    await h.db.updateTable('features').set({ layer_id: pointLayer() }).where('id', '=', ogcFid).execute();
  });

  it('lets data collectors add and delete, refuses viewers and read-only layers (nothing logged)', async () => {
    const point = await drawPoint();
    const collector = await createMember(h, f.admin.organizationId, 'dataCollector');
    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    const base = { featureId: point, layerId: pointLayer() };
    const mine = await attach(h, collector, { ...base, name: 'collected.txt', data: 'c' });
    expect((await call(h, collector, 'POST', `/api/MapFile/Delete/${mine.File_ID}`)).status).toBe(204);
    const file = await attach(h, collector, { ...base, name: 'site.txt', data: 's' });

    const since = await lastSeq(h);
    const refusedUpload = await upload(h.app, viewer, { ...base, name: 'viewer.txt', data: 'v' });
    expect(refusedUpload.statusCode).toBe(403);
    expect((await call(h, viewer, 'PUT', `/api/MapFile/Meta/${file.File_ID}`, { note: 'x' })).status).toBe(403);
    expect((await call(h, viewer, 'POST', `/api/MapFile/Delete/${file.File_ID}`)).status).toBe(403);
    // Viewers read.
    expect((await list(viewer, point)).map((x) => x.File)).toEqual(['site.txt']);
    expect((await fetchPlain((await signedUrl(viewer, file.File_ID)).body.url)).body).toBe('s');

    await h.db.updateTable('layers').set({ read_only: true }).where('id', '=', pointLayer()).execute();
    try {
      const readOnly = { status: 403, body: { message: FEATURE_MSG.layerReadOnly } };
      expect(await call(h, f.admin, 'POST', `/api/MapFile/Delete/${file.File_ID}`)).toMatchObject(readOnly);
      expect(await call(h, f.admin, 'PUT', `/api/MapFile/Meta/${file.File_ID}`, { note: 'x' })).toMatchObject(readOnly);
      const res = await upload(h.app, f.admin, { ...base, name: 'ro.txt', data: 'r' });
      expect([res.statusCode, res.json().message]).toEqual([403, FEATURE_MSG.layerReadOnly]);
    } finally {
      await h.db.updateTable('layers').set({ read_only: false }).where('id', '=', pointLayer()).execute();
    }
    expect((await list(f.admin, point)).map((x) => x.File)).toEqual(['site.txt']);
    expect(await loggedSince(h, f.admin.organizationId, since)).toEqual([]);
  });

  it('zips all of a feature’s attachments under unique names, fetched without authorization', async () => {
    const point = await drawPoint();
    const base = { featureId: point, layerId: pointLayer() };
    const photo = await picture(300, 200, 'jpeg');
    await attach(h, f.admin, { ...base, name: 'pole.jpg', vertex: 0, data: photo, type: 'image/jpeg' });
    await attach(h, f.admin, { ...base, name: 'pole.jpg', vertex: 1, data: 'second', type: 'image/jpeg' });
    await attach(h, f.admin, { ...base, name: 'notes.txt', data: 'three' });
    const { status, body } = await call(h, f.admin, 'GET', `/rest/features/attachments/${point}`);
    expect(status).toBe(200);
    const zip = await fetchPlain(body.url);
    expect([zip.statusCode, zip.headers['content-type']]).toEqual([200, 'application/zip']);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries)).toEqual(['pole.jpg', 'pole (2).jpg', 'notes.txt']);
    expect(Buffer.compare(Buffer.from(entries['pole.jpg']!), photo)).toBe(0);
    expect(Buffer.from(entries['pole (2).jpg']!).toString()).toBe('second');
    expect(Buffer.from(entries['notes.txt']!).toString()).toBe('three');
  });

  it('signs its URLs: no header needed, a changed or misused token is refused, and they expire', async () => {
    const point = await drawPoint();
    const file = await attach(h, f.admin, { featureId: point, layerId: pointLayer(), name: 'a.txt', data: 'a' });
    const { url } = (await signedUrl(f.admin, file.File_ID)).body;
    expect(url).toMatch(/^\/files\/attachments\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const tampered = url.slice(0, -3) + (url.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await fetchPlain(tampered)).statusCode).toBe(404);
    const zipUrl = (await call(h, f.admin, 'GET', `/rest/features/attachments/${point}`)).body.url as string;
    expect((await fetchPlain(zipUrl.replace('/files/attachments-zip/', '/files/attachments/'))).statusCode).toBe(404);

    // A server whose URLs live one second.
    const shortLived = await buildApp({
      config: testConfig({ dataDir: h.app.deps.config.dataDir, attachmentUrlTtlSeconds: 1 }),
      database: sharedDatabase(h),
      logger: false,
    });
    try {
      const quick = (
        await shortLived.inject({
          method: 'GET',
          url: `/api/MapFile/GetFile/${file.File_ID}?NoRedirect=1`,
          headers: f.admin.auth,
        })
      ).json().url as string;
      expect((await fetchPlain(quick, shortLived)).body).toBe('a');
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await fetchPlain(quick, shortLived);
      expect([expired.statusCode, expired.json().message]).toEqual([404, ATTACHMENT_MSG.previewNotFound]);
    } finally {
      await shortLived.close();
    }
  });

  it('answers another organization 404 for every id, and tells it nothing', async () => {
    const point = await drawPoint();
    const file = await attach(h, f.admin, { featureId: point, layerId: pointLayer(), name: 'private.txt', data: 'p' });
    const outsider = await signedInAccount(h);
    for (const [method, url, body] of [
      ['GET', `/rest/features/${point}/attachments`],
      ['GET', `/api/MapFile/GetFile/${file.File_ID}?NoRedirect=1`],
      ['GET', `/api/MapFile/GetFile/${file.File_ID}?NoRedirect=1&thumb=1`],
      ['GET', `/api/MapFile/HeadFile/${file.File_ID}?NoRedirect=1`],
      ['PUT', `/api/MapFile/Meta/${file.File_ID}`, { note: 'mine now' }],
      ['POST', `/api/MapFile/Delete/${file.File_ID}`],
      ['GET', `/rest/features/attachments/${point}`],
    ] as const) {
      const res = await call(h, outsider, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('private.txt');
    }
    const create = await upload(h.app, outsider, {
      featureId: point,
      layerId: pointLayer(),
      name: 'in.txt',
      data: 'x',
    });
    expect(create.statusCode).toBe(404);
    const exists = await call(h, outsider, 'GET', `/api/MapFile/CheckFileExists/ForRestoration/${file.File_ID}`);
    expect(exists.body).toEqual({ data: false });
    expect((await list(f.admin, point)).map((x) => [x.File, x.File_Meta])).toEqual([['private.txt', undefined]]);
  });

  it('keeps a deleted feature’s attachments: not served while deleted, back with the undelete', async () => {
    const point = await drawPoint();
    const file = await attach(h, f.admin, { featureId: point, layerId: pointLayer(), name: 'keep.txt', data: 'k' });
    const { url } = (await signedUrl(f.admin, file.File_ID)).body;
    expect((await call(h, f.admin, 'DELETE', `/rest/features/${point}`)).status).toBe(204);
    expect((await fetchPlain(url)).statusCode).toBe(404);
    expect((await signedUrl(f.admin, file.File_ID)).status).toBe(404);
    const restored = await call(h, f.admin, 'POST', `/rest/features/restore/${point}`, {});
    expect(restored.body).toMatchObject({ data: 'success', expiredFiles: [] });
    expect((await fetchPlain(url)).body).toBe('k');
    expect((await list(f.admin, point)).map((x) => x.File)).toEqual(['keep.txt']);
  });

  it('removes the stored files of a deleted layer once it is purged, not before', async () => {
    const folder = (
      await call(h, f.admin, 'POST', `/rest/projects/${f.project.id}/folders`, { name: `Old ${Date.now()}` })
    ).body.id as string;
    const layers = `/rest/projects/${f.project.id}/folders/${folder}/layers`;
    const layerId = (await call(h, f.admin, 'POST', layers, { name: 'Poles' })).body.id as string;
    const point = (
      await call(h, f.admin, 'POST', '/rest/features/points', {
        geometry: { type: 'Point', coordinates: [-105, 39] },
        properties: { layer_id: layerId },
      })
    ).body.id as string;
    const photo = await attach(h, f.admin, {
      featureId: point,
      layerId,
      name: 'pole.png',
      type: 'image/png',
      data: await picture(500, 400, 'png'),
    });
    const files = () => storedAttachmentFiles(h.app, f.admin.organizationId).filter((p) => p.includes(photo.File_ID));
    expect(files()).toHaveLength(2); // the file and its thumbnail
    expect((await call(h, f.admin, 'DELETE', `${layers}/${layerId}`)).status).toBe(204);
    await purgeAttachments(h.app.deps);
    expect(files()).toHaveLength(2); // restorable with the layer
    // The retention's purge (purgeDeletedLayerFeatures) removes the layer's features; only this layer's here.
    await h.db.deleteFrom('features').where('layer_id', '=', layerId).execute();
    await purgeAttachments(h.app.deps);
    expect(files()).toEqual([]);
  });

  it('stores files in an S3-compatible bucket when configured', async () => {
    const s3 = await startTestS3('attachments');
    const onBucket = await buildApp({
      config: testConfig({ s3: s3.settings }),
      database: sharedDatabase(h),
      logger: false,
    });
    try {
      const point = await drawPoint();
      const photo = await picture(750, 500, 'png');
      const res = await upload(onBucket, f.admin, {
        featureId: point,
        layerId: pointLayer(),
        name: 'b.png',
        data: photo,
        type: 'image/png',
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().File_ID as string;
      expect(storedAttachmentFiles(onBucket, f.admin.organizationId)).toEqual([]);
      const get = (path: string) => onBucket.inject({ method: 'GET', url: path, headers: f.admin.auth });
      const file = await fetchPlain((await get(`/api/MapFile/GetFile/${id}?NoRedirect=1`)).json().url, onBucket);
      expect(Buffer.compare(file.rawPayload, photo)).toBe(0);
      const thumb = await fetchPlain(
        (await get(`/api/MapFile/GetFile/${id}?NoRedirect=1&thumb=1`)).json().url,
        onBucket,
      );
      expect(await sizeOf(thumb.rawPayload)).toEqual([375, 250]);
      expect((await get(`/api/MapFile/HeadFile/${id}?NoRedirect=1`)).json()).toMatchObject({
        exists: true,
        size: photo.length,
      });
    } finally {
      await onBucket.close();
      await s3.close();
    }
  });
});
