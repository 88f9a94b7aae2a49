import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_MSG, DELETED_LAYER_RETENTION_DAYS, type ActivityEntry } from '@fieldbook/domain';
import { purgeDeletedLayerFeatures } from '../src/projects/deleted-layers.js';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';
import { call, field, setOrgMask } from './feature-fixtures.js';
import { lastSeq, loggedSince } from './activity-log.js';
import { attach, storedAttachmentFiles } from './attachment-fixtures.js';
import { purgeAttachments } from '../src/attachments/purge.js';
import { addFormRecord, grantForm } from './feature-form-fixtures.js';

/**
 * Restores from the activity log (issue #14; spec 3 §4 restore dialog, §7): a feature undeleted or put
 * back to a logged time, and deleted layers and folders, which keep their features, brought back.
 */

const DAY_MS = 24 * 3600 * 1000;
const at = (lng: number, lat: number) => ({ type: 'Point', coordinates: [lng, lat] });

/** The log entries of one feature, oldest first, as the activity screen reads them. */
async function entriesOf(h: Harness, who: SignedIn, featureId: string): Promise<ActivityEntry[]> {
  const query = new URLSearchParams({ partialArtifacts: JSON.stringify({ featureId }), orderDirection: 'ASC' });
  const page = await call(h, who, 'GET', `/rest/activities?${query.toString()}`);
  expect(page.status).toBe(200);
  return page.body.Items;
}

const fileListOf = async (h: Harness, who: SignedIn, featureId: string) =>
  JSON.parse((await call(h, who, 'GET', `/rest/features/${featureId}`)).body.properties.metadata).File_List as Array<{
    File_ID: string;
  }>;
const attachmentNames = async (h: Harness, who: SignedIn, featureId: string) =>
  ((await call(h, who, 'GET', `/rest/features/${featureId}/attachments`)).body as Array<{ File: string }>).map(
    (a) => a.File,
  );

const restore = (h: Harness, who: SignedIn, featureId: string, restoreFromTime?: number) =>
  call(h, who, 'POST', `/rest/features/restore/${featureId}`, restoreFromTime === undefined ? {} : { restoreFromTime });

async function drawPoint(h: Harness, who: SignedIn, layerId: string, properties: Record<string, unknown> = {}) {
  const drawn = await call(h, who, 'POST', '/rest/features/points', {
    geometry: at(-105, 39),
    properties: { layer_id: layerId, ...properties },
  });
  expect(drawn.status).toBe(201);
  return drawn.body as { id: string; properties: { ogc_fid: number } };
}

const edit = (h: Harness, who: SignedIn, id: string, layerId: string, lng: number, note: string) =>
  call(h, who, 'PUT', '/rest/features', {
    id,
    geometry: at(lng, 39),
    properties: { layer_id: layerId, properties: { note } },
  });

describe('feature restore', () => {
  it('undeletes a deleted feature, logs it, and refuses a feature that is not deleted', async () => {
    const h = await harness();
    const f = await field(h);
    const point = await drawPoint(h, f.admin, f.layer('point'));
    expect((await call(h, f.admin, 'DELETE', `/rest/features/${point.id}`)).status).toBe(204);
    expect((await call(h, f.admin, 'GET', `/rest/features/${point.id}`)).status).toBe(404);

    const before = await lastSeq(h);
    const res = await restore(h, f.admin, point.id);
    expect(res).toMatchObject({
      status: 200,
      body: { data: 'success', featureId: point.id, restoredFrom: null, expiredFiles: [] },
    });
    expect((await call(h, f.admin, 'GET', `/rest/features/${point.id}`)).status).toBe(200);
    expect(await loggedSince(h, f.admin.organizationId, before)).toMatchObject([
      { type: 'Restore', category: 'Feature', projectId: f.project.id, artifact: { featureId: point.id } },
    ]);
    const versions = await h.db
      .selectFrom('feature_versions')
      .select(['action', 'changed_by'])
      .where('feature_id', '=', String(point.properties.ogc_fid))
      .orderBy('id')
      .execute();
    expect(versions).toEqual([
      { action: 'Add', changed_by: f.admin.accountId },
      { action: 'Delete', changed_by: f.admin.accountId },
      { action: 'Restore', changed_by: f.admin.accountId },
    ]);

    const again = await lastSeq(h);
    expect(await restore(h, f.admin, point.id)).toMatchObject({
      status: 409,
      body: { message: ACTIVITY_MSG.restoreNotDeleted },
    });
    expect(await loggedSince(h, f.admin.organizationId, again)).toEqual([]);
  });

  it('restores the state right after a logged write, after two edits, and undeletes with it', async () => {
    const h = await harness();
    const f = await field(h);
    const layerId = f.layer('point');
    const point = await drawPoint(h, f.admin, layerId, { properties: { note: 'drawn' } });
    expect((await edit(h, f.admin, point.id, layerId, -104, 'first edit')).status).toBe(200);
    expect((await edit(h, f.admin, point.id, layerId, -103, 'second edit')).status).toBe(200);
    const [added, firstEdit, secondEdit] = await entriesOf(h, f.admin, point.id);
    expect([added!.Type, firstEdit!.Type, secondEdit!.Type]).toEqual(['Add', 'Edit', 'Edit']);
    const shown = async () => {
      const got = (await call(h, f.admin, 'GET', `/rest/features/${point.id}`)).body;
      return [got.geometry.coordinates[0], got.properties.note];
    };

    const before = await lastSeq(h);
    expect((await restore(h, f.admin, point.id, firstEdit!.Timestamp)).body).toEqual({
      data: 'success',
      featureId: point.id,
      restoredFrom: firstEdit!.Timestamp,
      expiredFiles: [],
    });
    expect(await shown()).toEqual([-104, 'first edit']);
    expect(await loggedSince(h, f.admin.organizationId, before)).toMatchObject([
      { type: 'Restore', category: 'Feature', artifact: { featureId: point.id, restoredFrom: firstEdit!.Timestamp } },
    ]);

    expect((await restore(h, f.admin, point.id, added!.Timestamp)).status).toBe(200);
    expect(await shown()).toEqual([-105, 'drawn']);
    // The restores are versions too: the state after the second edit is still reachable.
    expect((await restore(h, f.admin, point.id, secondEdit!.Timestamp)).status).toBe(200);
    expect(await shown()).toEqual([-103, 'second edit']);

    // Deleted, then restored to a time: undeleted in that state.
    expect((await call(h, f.admin, 'DELETE', `/rest/features/${point.id}`)).status).toBe(204);
    expect((await restore(h, f.admin, point.id, firstEdit!.Timestamp)).status).toBe(200);
    expect(await shown()).toEqual([-104, 'first edit']);

    // The state of the newest entry is the current one: nothing to restore, nothing logged.
    const latest = (await entriesOf(h, f.admin, point.id)).at(-1)!;
    const quiet = await lastSeq(h);
    expect(await restore(h, f.admin, point.id, latest.Timestamp)).toMatchObject({
      status: 409,
      body: { message: ACTIVITY_MSG.restoreUnchanged },
    });
    expect(await loggedSince(h, f.admin.organizationId, quiet)).toEqual([]);

    // Before the feature existed there is no state to restore.
    expect(await restore(h, f.admin, point.id, added!.Timestamp - 1)).toMatchObject({
      status: 404,
      body: { message: ACTIVITY_MSG.restoreNoState },
    });
  });

  it('is for feature admins of a writable layer of their organization; a refusal logs nothing', async () => {
    const h = await harness();
    const f = await field(h);
    const point = await drawPoint(h, f.admin, f.layer('point'));
    expect((await call(h, f.admin, 'DELETE', `/rest/features/${point.id}`)).status).toBe(204);
    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    const collector = await createMember(h, f.admin.organizationId, 'dataCollector');
    await setOrgMask(h, collector, '0011');
    const outsider = await signedInAccount(h);
    const before = await lastSeq(h);
    expect((await restore(h, viewer, point.id)).status).toBe(403);
    expect((await restore(h, collector, point.id)).status).toBe(403);
    expect((await restore(h, outsider, point.id)).status).toBe(404);
    expect((await restore(h, f.admin, 'point.999999999')).status).toBe(404);
    expect((await restore(h, f.admin, point.id.replace('point.', 'line.'))).status).toBe(404);
    await h.db.updateTable('layers').set({ read_only: true }).where('id', '=', f.layer('point')).execute();
    expect(await restore(h, f.admin, point.id)).toMatchObject({
      status: 403,
      body: { message: 'app.layer.error.read-only' },
    });
    expect(await loggedSince(h, f.admin.organizationId, before)).toEqual([]);
    expect(await loggedSince(h, outsider.organizationId, before)).toEqual([]);
  });

  it('refuses a feature whose layer no longer exists (409)', async () => {
    const h = await harness();
    const f = await field(h);
    const point = await drawPoint(h, f.admin, f.layer('point'));
    expect((await call(h, f.admin, 'DELETE', `/rest/features/${point.id}`)).status).toBe(204);
    const layers = `/rest/projects/${f.project.id}/folders/${f.folder.id}/layers`;
    expect((await call(h, f.admin, 'DELETE', `${layers}/${f.layer('point')}`)).status).toBe(204);
    expect(await restore(h, f.admin, point.id)).toMatchObject({
      status: 409,
      body: { message: ACTIVITY_MSG.restoreLayerGone },
    });
  });

  it('undeletes a feature with its stored attachments and notes the files that are gone', async () => {
    const h = await harness();
    const f = await field(h);
    const neverStored = randomUUID();
    const metadata = { File_List: [{ File_ID: neverStored, File: 'pole.jpg', File_Type: 'Photo' }] };
    const point = await drawPoint(h, f.admin, f.layer('point'), { metadata });
    // A form record on the feature (its File_List entry is written from the forms' table, migration 028).
    const { form: inspection } = await grantForm(h, f, 'Inspection');
    const { entry: form } = await addFormRecord(h, f.admin, {
      featureId: point.id,
      formId: inspection.id,
      projectId: f.project.id,
    });
    const live = await attach(h, f.admin, {
      featureId: point.id,
      layerId: f.layer('point'),
      name: 'live.txt',
      data: 'here',
    });
    expect((await call(h, f.admin, 'DELETE', `/rest/features/${point.id}`)).status).toBe(204);

    expect((await restore(h, f.admin, point.id)).body).toMatchObject({
      data: ACTIVITY_MSG.restoreAttachmentsExpired,
      expiredFiles: [neverStored],
    });
    // The file that is gone leaves File_List; the stored one and the form record stay.
    expect(await fileListOf(h, f.admin, point.id)).toEqual([
      { File_ID: live.File_ID, File: 'live.txt', File_Type: 'File' },
      form,
    ]);
    expect(await attachmentNames(h, f.admin, point.id)).toEqual(['live.txt']);
  });

  it('restores attachments with the state of a time: deleted ones come back, later ones go, purged ones are noted', async () => {
    const h = await harness();
    const f = await field(h);
    const point = await drawPoint(h, f.admin, f.layer('point'));
    const base = { featureId: point.id, layerId: f.layer('point') };
    const first = await attach(h, f.admin, { ...base, name: 'first.txt', data: '1' });
    const second = await attach(h, f.admin, { ...base, name: 'second.txt', data: '2' });
    expect((await call(h, f.admin, 'POST', `/api/MapFile/Delete/${first.File_ID}`)).status).toBe(204);
    const [, firstAdded, secondAdded] = await entriesOf(h, f.admin, point.id);

    // Back to when both were there: the deleted one is live again, its file served.
    expect((await restore(h, f.admin, point.id, secondAdded!.Timestamp)).body).toMatchObject({ data: 'success' });
    expect(await attachmentNames(h, f.admin, point.id)).toEqual(['first.txt', 'second.txt']);
    expect((await fileListOf(h, f.admin, point.id)).map((e) => e.File_ID)).toEqual([first.File_ID, second.File_ID]);
    const url = (await call(h, f.admin, 'GET', `/api/MapFile/GetFile/${first.File_ID}?NoRedirect=1`)).body.url;
    expect((await h.app.inject({ method: 'GET', url })).body).toBe('1');

    // Back to before the second: it goes (deleted, restorable in turn).
    expect((await restore(h, f.admin, point.id, firstAdded!.Timestamp)).body).toMatchObject({ data: 'success' });
    expect(await attachmentNames(h, f.admin, point.id)).toEqual(['first.txt']);

    // Deleted again and purged after the retention: the file is gone, a restore says so.
    expect((await call(h, f.admin, 'POST', `/api/MapFile/Delete/${first.File_ID}`)).status).toBe(204);
    const files = storedAttachmentFiles(h.app, f.admin.organizationId).length;
    await h.db
      .updateTable('attachments')
      .set({ deleted_at: new Date(Date.now() - (DELETED_LAYER_RETENTION_DAYS + 1) * DAY_MS) })
      .where('id', '=', first.File_ID)
      .execute();
    await purgeAttachments(h.app.deps);
    expect(storedAttachmentFiles(h.app, f.admin.organizationId).length).toBeLessThan(files);
    const check = await call(h, f.admin, 'GET', `/api/MapFile/CheckFileExists/ForRestoration/${first.File_ID}`);
    expect(check.body).toEqual({ data: false });
    expect((await restore(h, f.admin, point.id, firstAdded!.Timestamp)).body).toMatchObject({
      data: ACTIVITY_MSG.restoreAttachmentsExpired,
      expiredFiles: [first.File_ID],
    });
    expect(await attachmentNames(h, f.admin, point.id)).toEqual([]);
    expect(await fileListOf(h, f.admin, point.id)).toEqual([]);
  });

  it('takes no body as an undelete too', async () => {
    const h = await harness();
    const f = await field(h);
    const point = await drawPoint(h, f.admin, f.layer('point'));
    expect((await call(h, f.admin, 'DELETE', `/rest/features/${point.id}`)).status).toBe(204);
    const res = await h.app.inject({
      method: 'POST',
      url: `/rest/features/restore/${point.id}`,
      headers: f.admin.auth,
    });
    expect([res.statusCode, res.json().data]).toEqual([200, 'success']);
  });
});

/** A project with a normal folder, a sub-folder, a layer in each and features in them. */
async function tree(h: Harness) {
  const f = await field(h);
  const base = `/rest/projects/${f.project.id}/folders`;
  const top = (await call(h, f.admin, 'POST', base, { name: 'Network' })).body as { id: string };
  const sub = (await call(h, f.admin, 'POST', base, { name: 'Valves', parentId: top.id })).body as { id: string };
  const layer = async (folderId: string, name: string) => {
    const made = await call(h, f.admin, 'POST', `${base}/${folderId}/layers`, { name });
    expect(made.status).toBe(201);
    return made.body.id as string;
  };
  const pipes = await layer(top.id, 'Pipes');
  const valves = await layer(sub.id, 'Valves');
  const kept = await drawPoint(h, f.admin, pipes);
  const deletedBefore = await drawPoint(h, f.admin, pipes);
  expect((await call(h, f.admin, 'DELETE', `/rest/features/${deletedBefore.id}`)).status).toBe(204);
  const valve = await drawPoint(h, f.admin, valves);
  const served = async (folderId: string, layerId: string) => {
    const wfs = await call(
      h,
      f.admin,
      'GET',
      `${base}/${folderId}/layers/${layerId}/geo/wfs?service=WFS&version=2.0.0&request=GetFeature&outputFormat=application/json`,
    );
    return wfs.status === 200 ? (wfs.body.features as Array<{ id: string }>).map((x) => x.id).sort() : wfs.status;
  };
  const rows = async (ids: string[]) =>
    h.db.selectFrom('features').select(['id', 'deleted_at']).where('layer_id', 'in', ids).orderBy('id').execute();
  return { ...f, base, top, sub, pipes, valves, kept, deletedBefore, valve, served, rows };
}

const featureNumber = (ref: string) => Number(ref.split('.')[1]);
/** The id of the first entry the organization logged after `afterSeq` (see lastSeq). */
const entryAfter = async (h: Harness, organizationId: string, afterSeq: number) =>
  (
    await h.db
      .selectFrom('activities')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('seq', '>', String(afterSeq))
      .orderBy('seq')
      .executeTakeFirstOrThrow()
  ).id;

/** Deletes a layer of the tree as its admin; the id of the Delete entry that wrote. */
async function deleteLayer(h: Harness, t: Awaited<ReturnType<typeof tree>>, folderId: string, layerId: string) {
  const before = await lastSeq(h);
  expect((await call(h, t.admin, 'DELETE', `${t.base}/${folderId}/layers/${layerId}`)).status).toBe(204);
  return entryAfter(h, t.admin.organizationId, before);
}

describe('deleting a layer or folder keeps its features', () => {
  it('soft-deletes the features of a deleted layer with a Delete version each, logs one entry, and restores them', async () => {
    const h = await harness();
    const t = await tree(h);
    const before = await lastSeq(h);
    expect((await call(h, t.admin, 'DELETE', `${t.base}/${t.top.id}/layers/${t.pipes}`)).status).toBe(204);
    const rows = await t.rows([t.pipes]);
    expect(rows.map((r) => Number(r.id))).toEqual([t.kept, t.deletedBefore].map((p) => featureNumber(p.id)));
    expect(rows.every((r) => r.deleted_at !== null)).toBe(true);
    const versions = await h.db
      .selectFrom('feature_versions')
      .select(['action', 'changed_by', 'before'])
      .where('feature_id', '=', String(featureNumber(t.kept.id)))
      .orderBy('id')
      .execute();
    // The row keeps the state; the version says who deleted it and when.
    expect(versions.at(-1)).toEqual({ action: 'Delete', changed_by: t.admin.accountId, before: null });
    const logged = await loggedSince(h, t.admin.organizationId, before);
    expect(logged).toMatchObject([
      {
        type: 'Delete',
        category: 'Layer',
        message: "Layer 'Pipes' deleted",
        projectId: t.project.id,
        artifact: {
          layerId: t.pipes,
          name: 'Pipes',
          featuresDeleted: 1,
          retentionDays: DELETED_LAYER_RETENTION_DAYS,
          snapshot: { folders: [], layers: [{ id: t.pipes, name: 'Pipes', folder_id: t.top.id }] },
        },
      },
    ]);
    // The features' own entries stay readable in the log.
    const [added] = await entriesOf(h, t.admin, t.kept.id);
    expect(added).toMatchObject({ Type: 'Add' });

    const id = await entryAfter(h, t.admin.organizationId, logged[0]!.seq - 1);
    const restoring = await lastSeq(h);
    expect(await call(h, t.admin, 'POST', `/rest/activities/${id}/restore`)).toMatchObject({
      status: 200,
      body: { data: 'success', folderIds: [], layerIds: [t.pipes], featuresRestored: 1 },
    });
    expect(await loggedSince(h, t.admin.organizationId, restoring)).toMatchObject([
      {
        type: 'Restore',
        category: 'Layer',
        message: "Layer 'Pipes' restored",
        artifact: { layerId: t.pipes, restoredFrom: id },
      },
    ]);
    // Served again; the feature deleted on its own before stays deleted, and can be undeleted again.
    expect(await t.served(t.top.id, t.pipes)).toEqual([t.kept.id]);
    expect((await restore(h, t.admin, t.deletedBefore.id)).status).toBe(200);
    expect(await t.served(t.top.id, t.pipes)).toEqual([t.kept.id, t.deletedBefore.id].sort());
    expect(await call(h, t.admin, 'POST', `/rest/activities/${id}/restore`)).toMatchObject({
      status: 409,
      body: { message: ACTIVITY_MSG.restoreAlreadyRestored },
    });
    // Deleted and restored with its layer, the feature is still in the state its Add left.
    expect((await restore(h, t.admin, t.kept.id, added!.Timestamp)).body).toMatchObject({
      message: ACTIVITY_MSG.restoreUnchanged,
    });
  });

  it('deletes a folder with one entry, keeping the features of all its layers, and restores the whole tree', async () => {
    const h = await harness();
    const t = await tree(h);
    const before = await lastSeq(h);
    expect((await call(h, t.admin, 'DELETE', `${t.base}/${t.top.id}`)).status).toBe(204);
    expect((await t.rows([t.pipes, t.valves])).every((r) => r.deleted_at !== null)).toBe(true);
    const logged = await loggedSince(h, t.admin.organizationId, before);
    expect(logged).toMatchObject([
      {
        type: 'Delete',
        category: 'Folder',
        message: "Folder 'Network' deleted",
        artifact: {
          folderId: t.top.id,
          featuresDeleted: 2,
          snapshot: { folders: [{ id: t.top.id }, { id: t.sub.id, parent_id: t.top.id }] },
        },
      },
    ]);
    const id = await entryAfter(h, t.admin.organizationId, logged[0]!.seq - 1);
    expect((await call(h, t.admin, 'POST', `/rest/activities/${id}/restore`)).body).toMatchObject({
      data: 'success',
      folderIds: [t.top.id, t.sub.id],
      featuresRestored: 2,
    });
    const folders = (await call(h, t.admin, 'GET', t.base)).body as Array<{
      id: string;
      folders: Array<{ id: string }>;
    }>;
    expect(folders.find((x) => x.id === t.top.id)?.folders.map((x) => x.id)).toEqual([t.sub.id]);
    expect(await t.served(t.top.id, t.pipes)).toEqual([t.kept.id]);
    expect(await t.served(t.sub.id, t.valves)).toEqual([t.valve.id]);
    expect((await loggedSince(h, t.admin.organizationId, logged[0]!.seq)).map((e) => [e.type, e.category])).toEqual([
      ['Restore', 'Folder'],
    ]);
  });

  it('refuses a layer restore where the folder is gone or a same-named layer now is, for non-admins and other organizations', async () => {
    const h = await harness();
    const t = await tree(h);
    const layers = `${t.base}/${t.top.id}/layers`;
    const id = await deleteLayer(h, t, t.top.id, t.pipes);
    const viewer = await createMember(h, t.admin.organizationId, 'viewer');
    const outsider = await signedInAccount(h);
    const refusals = await lastSeq(h);
    expect((await call(h, viewer, 'POST', `/rest/activities/${id}/restore`)).status).toBe(403);
    expect((await call(h, outsider, 'POST', `/rest/activities/${id}/restore`)).status).toBe(404);
    expect((await call(h, t.admin, 'POST', `${layers}`, { name: 'PIPES' })).status).toBe(201);
    const clash = await lastSeq(h);
    expect(await call(h, t.admin, 'POST', `/rest/activities/${id}/restore`)).toMatchObject({
      status: 409,
      body: { message: 'app.layer.exists.error' },
    });
    expect(await loggedSince(h, t.admin.organizationId, clash)).toEqual([]);
    expect((await loggedSince(h, t.admin.organizationId, refusals)).map((e) => e.type)).toEqual(['Add']);

    expect((await call(h, t.admin, 'DELETE', `${t.base}/${t.top.id}`)).status).toBe(204);
    expect(await call(h, t.admin, 'POST', `/rest/activities/${id}/restore`)).toMatchObject({
      status: 409,
      body: { message: ACTIVITY_MSG.restoreParentGone },
    });
    // A feature entry is not a layer delete.
    const featureEntry = (await entriesOf(h, t.admin, t.kept.id))[0]!;
    expect(await call(h, t.admin, 'POST', `/rest/activities/${featureEntry.Id}/restore`)).toMatchObject({
      status: 400,
      body: { message: ACTIVITY_MSG.restoreNotRestorable },
    });
  });

  it('purges the features of layers deleted past the retention; their entries then say so (410)', async () => {
    const h = await harness();
    const t = await tree(h);
    const id = await deleteLayer(h, t, t.top.id, t.pipes);
    // A feature deleted on its own in a live layer, long ago, is kept (it is undeletable from the log).
    expect((await call(h, t.admin, 'DELETE', `/rest/features/${t.valve.id}`)).status).toBe(204);
    await h.db
      .updateTable('features')
      .set({ deleted_at: new Date(Date.now() - 400 * DAY_MS) })
      .where('id', '=', String(featureNumber(t.valve.id)))
      .execute();

    await purgeDeletedLayerFeatures(h.db, new Date(Date.now() + (DELETED_LAYER_RETENTION_DAYS - 1) * DAY_MS));
    expect(await t.rows([t.pipes])).toHaveLength(2);
    await purgeDeletedLayerFeatures(h.db, new Date(Date.now() + (DELETED_LAYER_RETENTION_DAYS + 1) * DAY_MS));
    expect(await t.rows([t.pipes])).toEqual([]);
    expect(await t.rows([t.valves])).toHaveLength(1);
    expect(
      await h.db
        .selectFrom('feature_versions')
        .select('id')
        .where('feature_id', '=', String(featureNumber(t.kept.id)))
        .execute(),
    ).toEqual([]);
    expect(await call(h, t.admin, 'POST', `/rest/activities/${id}/restore`)).toMatchObject({
      status: 410,
      body: { message: ACTIVITY_MSG.restoreExpired },
    });
  });

  it('says an entry older than the retention has expired even before the purge ran', async () => {
    const h = await harness();
    const t = await tree(h);
    const id = await deleteLayer(h, t, t.top.id, t.pipes);
    await h.db
      .updateTable('activities')
      .set({ occurred_at: new Date(Date.now() - (DELETED_LAYER_RETENTION_DAYS + 1) * DAY_MS) })
      .where('id', '=', id)
      .execute();
    expect(await call(h, t.admin, 'POST', `/rest/activities/${id}/restore`)).toMatchObject({
      status: 410,
      body: { message: ACTIVITY_MSG.restoreExpired },
    });
  });

  it('still removes the features with their project', async () => {
    const h = await harness();
    const t = await tree(h);
    expect((await call(h, t.admin, 'DELETE', `${t.base}/${t.top.id}/layers/${t.pipes}`)).status).toBe(204);
    expect((await call(h, t.admin, 'DELETE', `/rest/projects/${t.project.id}`)).status).toBeLessThan(300);
    expect(await h.db.selectFrom('features').select('id').where('project_id', '=', t.project.id).execute()).toEqual([]);
    expect(
      await h.db.selectFrom('layer_deletions').select('layer_id').where('project_id', '=', t.project.id).execute(),
    ).toEqual([]);
  });
});
