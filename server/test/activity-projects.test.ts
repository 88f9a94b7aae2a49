import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TEXTS } from '@fieldbook/domain';
import { buildApp } from '../src/app.js';
import { runJobsUntilIdle } from '../src/jobs/worker.js';
import { harness, sharedDatabase, testConfig, type Harness } from './harness.js';
import { createMember, signedInAccount, templateDictionaryId, type SignedIn } from './factories.js';
import { lastSeq, loggedSince } from './activity-log.js';
import { hasGdal, upload } from './import-world.js';

/**
 * Every write of projects, folders and layers (with moves, shares, imports, exports, layer styles and
 * external services) logs exactly one entry in its transaction; a refused write logs none (issue #14).
 * One organization and its projects serve every test; each test names its own folders and layers.
 */

const run = promisify(execFile);

const call = async (h: Harness, who: SignedIn, method: string, url: string, payload?: unknown) => {
  const res = await h.app.inject({
    method: method as 'GET',
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};
type Call = Awaited<ReturnType<typeof call>>;

let h: Harness;
let admin: SignedIn;
let viewer: SignedIn;
let dictionaryId: string;
let alpha: { id: string; name: string };
let bravo: { id: string; name: string };

beforeAll(async () => {
  h = await harness();
  admin = await signedInAccount(h);
  viewer = await createMember(h, admin.organizationId, 'viewer');
  dictionaryId = await templateDictionaryId(h, 'apwa-utility-locating');
  alpha = (await call(h, admin, 'POST', '/rest/projects', { name: 'Alpha', dataDictionaryId: dictionaryId })).body;
  bravo = (await call(h, admin, 'POST', '/rest/projects', { name: 'Bravo', dataDictionaryId: dictionaryId })).body;
});

/**
 * A second app on the same database with a data folder of its own (the raster test's stored image is
 * not seen by other files sharing the harness on PostgreSQL) and private service addresses allowed
 * (the external service is a loopback server).
 */
let own: Promise<Harness> | undefined;
const ownApp = () =>
  (own ??= (async () => {
    const app = await buildApp({
      config: testConfig({ allowPrivateServiceUrls: true }),
      database: sharedDatabase(h),
      mailer: h.mailbox,
      logger: false,
    });
    await app.ready();
    return { ...h, app };
  })());
afterAll(async () => (await own)?.app.close());

/** Runs the writes and answers what they logged in the organization (oldest first) with the last answer. */
async function logged(write: () => Promise<Call>) {
  const since = await lastSeq(h);
  const res = await write();
  return { res, entries: await loggedSince(h, admin.organizationId, since) };
}

/** One entry as the tests expect it: by the admin unless named, its artifact holding at least `artifact`. */
const entry = (
  type: string,
  category: string,
  message: string,
  projectId: string | null,
  artifact: Record<string, unknown>,
  actorEmail = admin.email,
) =>
  expect.objectContaining({
    type,
    category,
    message,
    projectId,
    actorEmail,
    artifact: expect.objectContaining(artifact),
  });

const folderIn = async (projectId: string, name: string, parentId?: string) =>
  (await call(h, admin, 'POST', `/rest/projects/${projectId}/folders`, { name, parentId })).body as {
    id: string;
    name: string;
  };
const layerIn = async (projectId: string, folderId: string, name: string, extra: object = {}) =>
  (await call(h, admin, 'POST', `/rest/projects/${projectId}/folders/${folderId}/layers`, { name, ...extra })).body as {
    id: string;
    name: string;
  };

describe('activity log: projects', () => {
  it('logs a project add, edit and delete; a duplicate name or a viewer logs nothing', async () => {
    const added = await logged(() =>
      call(h, admin, 'POST', '/rest/projects', { name: 'Logged', dataDictionaryId: dictionaryId }),
    );
    expect(added.res.status).toBe(201);
    const id = added.res.body.id;
    expect(added.entries).toEqual([entry('Add', 'Project', "Project 'Logged' added", id, { projectId: id })]);

    const edited = await logged(() =>
      call(h, admin, 'PUT', '/rest/projects', { id, name: 'Logged 2', dataDictionaryId: dictionaryId }),
    );
    expect(edited.res.status).toBe(200);
    expect(edited.entries).toEqual([
      entry('Edit', 'Project', "Project 'Logged 2' edited", id, {
        projectId: id,
        name: 'Logged 2',
        previousName: 'Logged',
        changes: ['name'],
      }),
    ]);

    const refused = await logged(async () => {
      const clash = await call(h, admin, 'POST', '/rest/projects', { name: 'alpha', dataDictionaryId: dictionaryId });
      expect(clash.status).toBe(409);
      const renameClash = await call(h, admin, 'PUT', '/rest/projects', {
        id,
        name: 'ALPHA',
        dataDictionaryId: dictionaryId,
      });
      expect(renameClash.status).toBe(409);
      return call(h, viewer, 'POST', '/rest/projects', { name: 'Viewer', dataDictionaryId: dictionaryId });
    });
    expect(refused.res.status).toBe(403);
    expect(refused.entries).toEqual([]);

    const deleted = await logged(() => call(h, admin, 'DELETE', `/rest/projects/${id}`));
    expect(deleted.res.status).toBe(204);
    expect(deleted.entries).toEqual([
      entry('Delete', 'Project', "Project 'Logged 2' deleted", id, { projectId: id, name: 'Logged 2' }),
    ]);
  });
});

describe('activity log: project map services', () => {
  it("logs a reset of a project's map services; a viewer's is refused and logs nothing", async () => {
    const reset = await logged(() => call(h, admin, 'DELETE', `/rest/projects/${bravo.id}/geo`));
    expect(reset.res.status).toBe(204);
    expect(reset.entries).toEqual([
      entry('Edit', 'Project', "Project 'Bravo' edited", bravo.id, { projectId: bravo.id, changes: ['mapServices'] }),
    ]);
    const refused = await logged(() => call(h, viewer, 'DELETE', `/rest/projects/${bravo.id}/geo`));
    expect(refused.res.status).toBe(403);
    expect(refused.entries).toEqual([]);
  });
});

describe('activity log: folders and layers', () => {
  it('logs folder adds (a feature folder once, with its layers) and edits; refusals log nothing', async () => {
    const added = await logged(() => call(h, admin, 'POST', `/rest/projects/${alpha.id}/folders`, { name: 'Plans' }));
    const folder = added.res.body;
    expect(added.entries).toEqual([
      entry('Add', 'Folder', "Folder 'Plans' added", alpha.id, { folderId: folder.id, parentId: null }),
    ]);
    const sub = await logged(() =>
      call(h, admin, 'POST', `/rest/projects/${alpha.id}/folders`, { name: 'Sheets', parentId: folder.id }),
    );
    expect(sub.entries).toEqual([
      entry('Add', 'Folder', "Folder 'Sheets' added", alpha.id, { folderId: sub.res.body.id, parentId: folder.id }),
    ]);

    const features = await logged(() =>
      call(h, admin, 'POST', `/rest/projects/${alpha.id}/addFeatureFolder`, { name: 'Drawn' }),
    );
    expect(features.res.status).toBe(201);
    expect(features.entries).toEqual([
      entry('Add', 'Folder', "Folder 'Drawn' added", alpha.id, {
        folderId: features.res.body.id,
        layerIds: expect.arrayContaining(features.res.body.layers.map((l: { id: string }) => l.id)),
      }),
    ]);

    const edited = await logged(() =>
      call(h, admin, 'PUT', `/rest/projects/${alpha.id}/folders/`, {
        id: folder.id,
        name: 'Plans 2024',
        description: 'As built',
      }),
    );
    expect(edited.res.status).toBe(200);
    expect(edited.entries).toEqual([
      entry('Edit', 'Folder', "Folder 'Plans 2024' edited", alpha.id, {
        folderId: folder.id,
        previousName: 'Plans',
        changes: ['name', 'description'],
      }),
    ]);

    const refused = await logged(async () => {
      expect((await call(h, admin, 'POST', `/rest/projects/${alpha.id}/folders`, { name: 'PLANS 2024' })).status).toBe(
        409,
      );
      expect(
        (await call(h, admin, 'PUT', `/rest/projects/${alpha.id}/folders/`, { id: folder.id, name: 'Drawn' })).status,
      ).toBe(409);
      return call(h, viewer, 'POST', `/rest/projects/${alpha.id}/folders`, { name: 'Viewer' });
    });
    expect(refused.res.status).toBe(403);
    expect(refused.entries).toEqual([]);
  });

  it('logs layer adds and edits (typed fields, style, disable); refusals log nothing', async () => {
    const folder = await folderIn(alpha.id, 'Utilities');
    const base = `/rest/projects/${alpha.id}/folders/${folder.id}/layers`;
    const added = await logged(() =>
      call(h, admin, 'POST', base, {
        name: 'Pipes',
        fields: [
          { name: 'size', type: 'real', order: 0 },
          { name: 'owner', type: 'text', order: 1 },
        ],
      }),
    );
    expect(added.res.status).toBe(201);
    const layer = added.res.body;
    expect(added.entries).toEqual([
      entry('Add', 'Layer', "Layer 'Pipes' added", alpha.id, {
        layerId: layer.id,
        name: 'Pipes',
        folderId: folder.id,
        type: 'VECTOR',
      }),
    ]);

    // A rename, a field renamed and one removed: one entry, not one per feature whose values moved.
    await h.db
      .insertInto('features')
      .values({
        organization_id: admin.organizationId,
        project_id: alpha.id,
        layer_id: layer.id,
        kind: 'point',
        geom: sql`ST_GeomFromText('POINT(-105 39)', 4326)`,
        field_values: JSON.stringify({ size: 2, owner: 'City' }),
      } as never)
      .execute();
    const edited = await logged(() =>
      call(h, admin, 'PUT', base, {
        id: layer.id,
        name: 'Water pipes',
        fields: [{ name: 'diameter', type: 'real', order: 0, previousName: 'size' }],
      }),
    );
    expect(edited.res.status).toBe(200);
    expect(edited.entries).toEqual([
      entry('Edit', 'Layer', "Layer 'Water pipes' edited", alpha.id, {
        layerId: layer.id,
        previousName: 'Pipes',
        changes: ['name', 'fields'],
        renamedFields: { size: 'diameter' },
        removedFields: ['owner'],
      }),
    ]);

    const systemId = (
      await h.db
        .selectFrom('systems')
        .select('id')
        .where('dictionary_id', '=', dictionaryId)
        .orderBy('name')
        .executeTakeFirstOrThrow()
    ).id;
    const styled = await logged(() =>
      call(h, admin, 'PUT', `/rest/styles/geo/layer/${layer.id}/style`, { dictionaryId, systemId }),
    );
    expect(styled.res.status).toBe(200);
    expect(styled.entries).toEqual([
      entry('Edit', 'Layer', "Layer 'Water pipes' edited", alpha.id, {
        layerId: layer.id,
        changes: ['style'],
        style: { systemId, componentId: null },
      }),
    ]);

    const disabled = await logged(() => call(h, admin, 'PUT', `${base}/${layer.id}/disable`));
    expect(disabled.res.status).toBe(200);
    expect(disabled.entries).toEqual([
      entry('Edit', 'Layer', "Layer 'Water pipes' edited", alpha.id, { layerId: layer.id, changes: ['is_active'] }),
    ]);

    await layerIn(alpha.id, folder.id, 'Valves');
    const refused = await logged(async () => {
      expect((await call(h, admin, 'POST', base, { name: 'WATER PIPES' })).status).toBe(409);
      expect((await call(h, admin, 'PUT', base, { id: layer.id, name: 'valves' })).status).toBe(409);
      expect(
        (await call(h, admin, 'PUT', `/rest/styles/geo/layer/${layer.id}/style`, { dictionaryId, systemId: layer.id }))
          .status,
      ).toBe(404);
      expect((await call(h, viewer, 'PUT', base, { id: layer.id, name: 'Viewer' })).status).toBe(403);
      return call(h, viewer, 'POST', base, { name: 'Viewer' });
    });
    expect(refused.res.status).toBe(403);
    expect(refused.entries).toEqual([]);
  });

  it('logs a layer added by reference: a one-call tickets layer and a forms layer', async () => {
    const url = (type: string, ref: string) => `/rest/projects/${alpha.id}/foldertype/${type}/layers/${ref}`;
    const tickets = await logged(() => call(h, admin, 'POST', url('1', 'tickets-inbox'), { name: 'Tickets' }));
    expect(tickets.res.status).toBe(201);
    expect(tickets.entries).toEqual([
      entry('Add', 'Layer', "Layer 'Tickets' added", alpha.id, {
        layerId: tickets.res.body.id,
        serverName: 'onecall_tickets',
        referenceId: 'tickets-inbox',
      }),
    ]);
    const form = await h.db
      .insertInto('forms')
      .values({
        organization_id: admin.organizationId,
        name: 'Inspection',
        description: null,
        html: '<form></form>',
        js: '',
        html_file_name: 'inspection.html',
        js_file_name: 'inspection.js',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const forms = await logged(() => call(h, admin, 'POST', url('2', form.id), { name: 'Inspections' }));
    expect(forms.res.status).toBe(201);
    expect(forms.entries).toEqual([
      entry('Add', 'Layer', "Layer 'Inspections' added", alpha.id, {
        layerId: forms.res.body.id,
        referenceId: form.id,
      }),
    ]);
    const refused = await logged(() => call(h, admin, 'POST', url('1', 'tickets-inbox'), { name: 'Tickets' }));
    expect(refused.res.status).toBe(409);
    expect(refused.entries).toEqual([]);
  });
});

/** A dictionary point feature on a layer, written as the data organization tests do. */
async function dictionaryPoint(projectId: string, layerId: string) {
  const row = await h.db
    .insertInto('features')
    .values({
      organization_id: admin.organizationId,
      project_id: projectId,
      layer_id: layerId,
      kind: 'point',
      geom: sql`ST_GeomFromText('POINT(-105 39)', 4326)`,
      dictionary_id: dictionaryId,
      attributes: JSON.stringify([]),
      properties: JSON.stringify({}),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

describe('activity log: moves and shares', () => {
  const move = (body: object) => call(h, admin, 'POST', '/rest/data-organization', body);

  it('logs one entry per move in the target project, naming where it came from', async () => {
    const from = await folderIn(alpha.id, 'Move source');
    const to = await folderIn(bravo.id, 'Move target');
    const mains = await layerIn(alpha.id, from.id, 'Mains');
    await dictionaryPoint(alpha.id, mains.id);
    const layerMove = await logged(() =>
      move({ scenario: 'MOVE_LAYER_TO_FOLDER', projectId: bravo.id, folderId: to.id, layerId: mains.id }),
    );
    expect(layerMove.res.status).toBe(200);
    expect(layerMove.entries).toEqual([
      entry('Edit', 'Layer', ACTIVITY_TEXTS.layerMoved, bravo.id, {
        layerId: mains.id,
        name: 'Mains',
        fromProjectId: alpha.id,
        fromFolderId: from.id,
        toProjectId: bravo.id,
        toFolderId: to.id,
        features: 1,
      }),
    ]);

    const folderMove = await logged(() =>
      move({ scenario: 'MOVE_FOLDER_TO_PROJECT', projectId: alpha.id, folderId: to.id }),
    );
    expect(folderMove.res.status).toBe(200);
    expect(folderMove.entries).toEqual([
      entry('Edit', 'Folder', ACTIVITY_TEXTS.folderMoved, alpha.id, {
        folderId: to.id,
        name: 'Move target',
        fromProjectId: bravo.id,
        toProjectId: alpha.id,
        toParentId: null,
        layerIds: [mains.id],
        features: 1,
      }),
    ]);

    const source = await layerIn(alpha.id, from.id, 'Hydrants');
    const target = await folderIn(bravo.id, 'Feature target');
    const targetLayer = await layerIn(bravo.id, target.id, 'Hydrants');
    const ids = [await dictionaryPoint(alpha.id, source.id), await dictionaryPoint(alpha.id, source.id)];
    const featureMove = await logged(() =>
      move({
        scenario: 'MOVE_FEATURES_TO_LAYER',
        projectId: bravo.id,
        folderId: target.id,
        layerId: targetLayer.id,
        ogc_fid: ids.map((id) => `point.${id}`),
      }),
    );
    expect(featureMove.res.status).toBe(200);
    expect(featureMove.entries).toEqual([
      entry('Edit', 'Feature', ACTIVITY_TEXTS.featuresMoved, bravo.id, {
        featureIds: ids.map((id) => `point.${id}`),
        fromProjectId: alpha.id,
        fromLayerId: source.id,
        toProjectId: bravo.id,
        toLayerId: targetLayer.id,
      }),
    ]);
    // The moved feature's ACTIVITY tab (its entries by featureId) lists the move with its own entries.
    const ownLog = await call(
      h,
      admin,
      'GET',
      `/rest/activities?partialArtifacts=${encodeURIComponent(JSON.stringify({ featureId: `point.${ids[0]}` }))}`,
    );
    expect(ownLog.body.Items.map((e: { Message: string }) => e.Message)).toContain(ACTIVITY_TEXTS.featuresMoved);

    // Refused: a name taken in the target folder, a folder into itself.
    await layerIn(bravo.id, target.id, 'Mains');
    const refused = await logged(async () => {
      expect(
        (await move({ scenario: 'MOVE_LAYER_TO_FOLDER', projectId: bravo.id, folderId: target.id, layerId: mains.id }))
          .status,
      ).toBe(409);
      return move({ scenario: 'MOVE_FOLDER_AS_SUBFOLDER', projectId: alpha.id, folderId: to.id, subFolderId: to.id });
    });
    expect(refused.res.status).toBe(400);
    expect(refused.entries).toEqual([]);
  });

  it('logs a share in the project it shows in, a replaced share once, and an unshare', async () => {
    const home = await folderIn(alpha.id, 'Share source');
    const layer = await layerIn(alpha.id, home.id, 'Parcels');
    const first = await folderIn(bravo.id, 'Shared here');
    const second = await folderIn(bravo.id, 'Shared there');
    const shared = await logged(() => call(h, admin, 'POST', `/rest/projects/share/${first.id}/${layer.id}`));
    expect(shared.res.status).toBe(200);
    const artifact = { layerId: layer.id, name: 'Parcels', sourceProjectId: alpha.id, sourceFolderId: home.id };
    expect(shared.entries).toEqual([
      entry('Share', 'Layer', ACTIVITY_TEXTS.layerShared, bravo.id, { ...artifact, folderId: first.id }),
    ]);
    const replaced = await logged(() =>
      call(h, admin, 'POST', `/rest/projects/share/${second.id}/${layer.id}?replace=${first.id}`),
    );
    expect(replaced.res.status).toBe(200);
    expect(replaced.entries).toEqual([
      entry('Share', 'Layer', ACTIVITY_TEXTS.layerShared, bravo.id, {
        ...artifact,
        folderId: second.id,
        replacedFolderId: first.id,
      }),
    ]);
    // Sharing again where it is shared keeps one share and logs the user's act.
    const again = await logged(() => call(h, admin, 'POST', `/rest/projects/share/${second.id}/${layer.id}`));
    expect(again.res.status).toBe(200);
    expect(again.entries).toEqual([
      entry('Share', 'Layer', ACTIVITY_TEXTS.layerShared, bravo.id, { ...artifact, folderId: second.id }),
    ]);
    const unshared = await logged(() => call(h, admin, 'DELETE', `/rest/projects/share/${second.id}/${layer.id}`));
    expect(unshared.res.status).toBe(204);
    expect(unshared.entries).toEqual([
      entry('Share', 'Layer', ACTIVITY_TEXTS.layerUnshared, bravo.id, { ...artifact, folderId: second.id }),
    ]);
    // Refused: a share into its own project, removing a share that is not there, a viewer's share.
    const nothing = await logged(async () => {
      expect((await call(h, admin, 'POST', `/rest/projects/share/${home.id}/${layer.id}`)).status).toBe(400);
      expect((await call(h, admin, 'DELETE', `/rest/projects/share/${second.id}/${layer.id}`)).status).toBe(404);
      return call(h, viewer, 'POST', `/rest/projects/share/${first.id}/${layer.id}`);
    });
    expect(nothing.res.status).toBe(403);
    expect(nothing.entries).toEqual([]);
  });
});

const MIXED = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { n: 1 }, geometry: { type: 'Point', coordinates: [-105, 39] } },
    { type: 'Feature', properties: { n: 2 }, geometry: { type: 'Point', coordinates: [-105.1, 39.1] } },
    {
      type: 'Feature',
      properties: { n: 3 },
      geometry: {
        type: 'LineString',
        coordinates: [
          [-105, 39],
          [-104, 40],
        ],
      },
    },
  ],
});

describe('activity log: imports and exports', () => {
  it("logs one entry per layer an import makes, by the job's owner; a failed import logs nothing", async () => {
    const folder = await folderIn(alpha.id, 'Imported');
    const since = await lastSeq(h);
    const done = await upload(h, admin, folder.id, Buffer.from(MIXED), 'geojson', '?layerName=Survey');
    expect(done.job).toMatchObject({ is_complete: true, has_error: false });
    const layers = await h.db
      .selectFrom('layers')
      .select(['id', 'name'])
      .where('folder_id', '=', folder.id)
      .orderBy('name')
      .execute();
    expect(layers.map((l) => l.name)).toEqual(['Survey (lines)', 'Survey (points)']);
    const entries = await loggedSince(h, admin.organizationId, since);
    const imported = (name: string, features: number) =>
      entry('Add', 'Layer', ACTIVITY_TEXTS.layerImported, alpha.id, {
        layerId: layers.find((l) => l.name === name)!.id,
        name,
        jobId: done.job!.id,
        features,
        type: 'VECTOR',
      });
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(expect.arrayContaining([imported('Survey (points)', 2), imported('Survey (lines)', 1)]));

    // The name is taken between the signed URL and the job's end: the job fails, nothing is logged.
    const signed = await call(
      h,
      admin,
      'GET',
      `/rest/projects/signedurl/${folder.id}/geojson/VECTOR/WFS?layerName=Late`,
    );
    await layerIn(alpha.id, folder.id, 'Late');
    const failed = await logged(async () => {
      const put = await h.app.inject({
        method: 'PUT',
        url: signed.body.url,
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from(MIXED.replace(/"LineString"[^}]*}/, '"Point","coordinates":[-104,40]}')),
      });
      await runJobsUntilIdle(h.app.deps, { organizationId: admin.organizationId });
      const job = await h.db.selectFrom('jobs').select('has_error').where('id', '=', put.json().id).executeTakeFirst();
      return { status: put.statusCode, body: job };
    });
    expect(failed.res.body.has_error).toBe(true);
    expect(failed.entries).toEqual([]);
  }, 60_000);

  it.skipIf(!hasGdal)(
    "logs a raster layer upload as an import by the job's owner",
    async () => {
      const folder = await folderIn(alpha.id, 'Imagery');
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fb-activity-')), 'ortho.tif');
      await run('gdal_create', [
        ...['-of', 'GTiff', '-outsize', '4', '4', '-bands', '3', '-burn', '200'],
        ...['-a_srs', 'EPSG:4326', '-a_ullr', '-105', '40', '-104.9', '39.9', file],
      ]);
      const local = await ownApp();
      const signed = await call(local, admin, 'GET', `/rest/projects/signedurl/${folder.id}/tif/RASTER/WFS`);
      expect(signed.status).toBe(200);
      const since = await lastSeq(h);
      const put = await local.app.inject({
        method: 'PUT',
        url: `${signed.body.url}?fileName=ortho.tif`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: readFileSync(file),
      });
      expect(put.statusCode).toBe(201);
      await runJobsUntilIdle(local.app.deps, { organizationId: admin.organizationId });
      const layer = await h.db
        .selectFrom('layers')
        .select('id')
        .where('folder_id', '=', folder.id)
        .executeTakeFirstOrThrow();
      expect(await loggedSince(h, admin.organizationId, since)).toEqual([
        entry('Add', 'Layer', ACTIVITY_TEXTS.layerImported, alpha.id, {
          layerId: layer.id,
          name: 'ortho',
          jobId: put.json().id,
          type: 'RASTER',
        }),
      ]);
    },
    60_000,
  );

  it('logs an export when it is requested, with the job, format and what was exported', async () => {
    const folder = await folderIn(alpha.id, 'Exported');
    const layer = await layerIn(alpha.id, folder.id, 'Hydrants');
    const request = (format: string) => ({ format, fileName: 'Out', email: 'surveyor@example.test' });
    const exported = async (type: string, id: string, format: string, name: string, category: string) => {
      const res = await logged(() => call(h, admin, 'POST', `/rest/exports/${type}/${id}`, request(format)));
      expect(res.res.status, JSON.stringify(res.res.body)).toBe(200);
      expect(res.entries).toEqual([
        entry('Export', category, ACTIVITY_TEXTS.layerExported, alpha.id, {
          jobId: res.res.body.jobId,
          format,
          exported: { type, id, name },
        }),
      ]);
    };
    await exported('layer', layer.id, 'CSV', 'Hydrants', 'Layer');
    await exported('folder', folder.id, 'KML', 'Exported', 'Folder');
    await exported('project', alpha.id, 'Shapefile', 'Alpha', 'Project');
    const selection = await logged(() =>
      call(h, admin, 'POST', `/search/features/export/layer/${layer.id}`, { ...request('CSV'), featureIDs: ['1'] }),
    );
    expect(selection.entries).toEqual([
      entry('Export', 'Layer', ACTIVITY_TEXTS.layerExported, alpha.id, { features: 1, layerIds: [layer.id] }),
    ]);

    const stranger = await signedInAccount(h);
    const beforeRefusals = await lastSeq(h);
    const refused = await logged(async () => {
      expect((await call(h, admin, 'POST', `/rest/exports/folder/${folder.id}`, request('CSV'))).status).toBe(400);
      return call(h, stranger, 'POST', `/rest/exports/layer/${layer.id}`, request('CSV'));
    });
    expect(refused.res.status).toBe(404);
    expect(refused.entries).toEqual([]);
    expect(await loggedSince(h, stranger.organizationId, beforeRefusals)).toEqual([]);
    // The requested jobs run (and leave nothing queued for other tests' workers).
    await runJobsUntilIdle(h.app.deps, { organizationId: admin.organizationId });
  }, 60_000);
});

describe('activity log: external services', () => {
  const capabilities = (base: string) => `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink">
  <Service><Name>WMS</Name><Title>County Imagery</Title></Service>
  <Capability>
    <Request><GetMap><Format>image/png</Format><DCPType><HTTP><Get><OnlineResource xlink:href="${base}/wms"/></Get></HTTP></DCPType></GetMap></Request>
    <Layer><Title>Root</Title><Layer><Name>ortho</Name><Title>Orthophoto</Title></Layer></Layer>
  </Capability>
</WMS_Capabilities>`;
  let service: Server;
  let base = '';
  afterAll(async () => {
    if (service) await new Promise<void>((resolve) => service.close(() => resolve()));
  });

  it('logs a service added as a folder of its layers, and removed; an unreachable one logs nothing', async () => {
    service = createServer((req, res) => {
      if (!req.url?.startsWith('/wms')) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/xml' }).end(capabilities(base));
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
    const local = await ownApp();
    const store = (url: string) => ({ wmsStore: { capabilitiesURL: url, username: '', password: '' } });
    const added = await logged(() =>
      call(local, admin, 'POST', `/rest/projects/${bravo.id}/wmsstore`, store(`${base}/wms`)),
    );
    expect(added.res.status).toBe(201);
    const folder = added.res.body;
    const storeId = folder.layers[0].referenceId;
    expect(added.entries).toEqual([
      entry('Add', 'Folder', "Folder 'County Imagery' added", bravo.id, {
        folderId: folder.id,
        service: 'WMS',
        storeId,
        layerIds: [folder.layers[0].id],
      }),
    ]);
    const removed = await logged(() => call(local, admin, 'DELETE', `/rest/projects/${bravo.id}/store/${storeId}`));
    expect(removed.res.status).toBe(204);
    expect(removed.entries).toEqual([
      entry('Delete', 'Folder', "Folder 'County Imagery' deleted", bravo.id, { folderId: folder.id, storeId }),
    ]);
    const refused = await logged(() =>
      call(local, admin, 'POST', `/rest/projects/${bravo.id}/wmsstore`, store(`${base}/missing`)),
    );
    expect(refused.res.status).toBe(400);
    expect(refused.entries).toEqual([]);
  });
});
