import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';

const call = async (
  h: Harness,
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const res = await h.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

async function templateId(h: Harness) {
  return (
    await h.db
      .selectFrom('dictionaries')
      .select('id')
      .where('template_key', '=', 'apwa-utility-locating')
      .executeTakeFirstOrThrow()
  ).id;
}

/** An organization with two projects on one dictionary, a third on another, folders and layers. */
async function world(h: Harness) {
  const admin = await signedInAccount(h);
  const dictionaryId = await templateId(h);
  const other = (
    await h.db
      .selectFrom('dictionaries')
      .select('id')
      .where('template_key', '<>', 'apwa-utility-locating')
      .where('template_key', 'is not', null)
      .executeTakeFirstOrThrow()
  ).id;
  const project = async (name: string, dict = dictionaryId) =>
    (await call(h, admin, 'POST', '/rest/projects', { name, dataDictionaryId: dict })).body;
  const folder = async (projectId: string, name: string, parentId?: string) =>
    (await call(h, admin, 'POST', `/rest/projects/${projectId}/folders`, { name, parentId })).body;
  const layer = async (projectId: string, folderId: string, name: string, type = 'VECTOR') =>
    (await call(h, admin, 'POST', `/rest/projects/${projectId}/folders/${folderId}/layers`, { name, type })).body;
  const a = await project('Alpha');
  const b = await project('Bravo');
  const c = await project('Charlie', other);
  return { admin, dictionaryId, a, b, c, folder, layer };
}

async function point(
  h: Harness,
  organizationId: string,
  projectId: string,
  layerId: string,
  dictionaryId: string | null,
  kind = 'point',
) {
  const wkt = kind === 'point' ? 'POINT(-105 39)' : 'MULTILINESTRING((-105 39,-104 40))';
  const row = await h.db
    .insertInto('features')
    .values({
      organization_id: organizationId,
      project_id: projectId,
      layer_id: layerId,
      kind,
      geom: sql`ST_GeomFromText(${wkt}, 4326)`,
      dictionary_id: dictionaryId,
      system_id: null,
      component_id: null,
      attributes: JSON.stringify([]),
      metadata: null,
      properties: JSON.stringify({}),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.db
    .insertInto('feature_versions')
    .values({ feature_id: row.id, action: 'Add', changed_by: null, before: null } as never)
    .execute();
  return String(row.id);
}

const move = (h: Harness, who: SignedIn, body: object) => call(h, who, 'POST', '/rest/data-organization', body);

describe('data organization: move layer', () => {
  it('moves a layer with its features to a folder of another project, keeping versions', async () => {
    const h = await harness();
    const w = await world(h);
    const from = await w.folder(w.a.id, 'Source');
    const to = await w.folder(w.b.id, 'Target');
    const mains = await w.layer(w.a.id, from.id, 'Mains');
    const fid = await point(h, w.admin.organizationId, w.a.id, mains.id, w.dictionaryId);
    const res = await move(h, w.admin, {
      scenario: 'MOVE_LAYER_TO_FOLDER',
      projectId: w.b.id,
      folderId: to.id,
      layerId: mains.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ movedLayerIds: [mains.id], movedFeatures: 1, projectIds: [w.a.id, w.b.id] });
    const tree = (await call(h, w.admin, 'GET', `/rest/projects/${w.b.id}`)).body;
    expect(tree.folders[0].layers.map((l: { id: string; projectId: string }) => [l.id, l.projectId])).toEqual([
      [mains.id, w.b.id],
    ]);
    expect(
      (await h.db.selectFrom('features').select('project_id').where('id', '=', fid).executeTakeFirstOrThrow())
        .project_id,
    ).toBe(w.b.id);
    expect(await h.db.selectFrom('feature_versions').select('id').where('feature_id', '=', fid).execute()).toHaveLength(
      1,
    );
    // The same PUT alias works, here moving it back.
    expect(
      (
        await call(h, w.admin, 'PUT', '/rest/data-organization/data-organization-sqs', {
          scenario: 'MOVE_LAYER_TO_FOLDER',
          projectId: w.a.id,
          folderId: from.id,
          layerId: mains.id,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses name clashes, raster across projects, other dictionaries, read-only layers and special folders', async () => {
    const h = await harness();
    const w = await world(h);
    const from = await w.folder(w.a.id, 'Source');
    const to = await w.folder(w.b.id, 'Target');
    const mains = await w.layer(w.a.id, from.id, 'Mains');
    await w.layer(w.b.id, to.id, 'MAINS');
    expect(
      await move(h, w.admin, {
        scenario: 'MOVE_LAYER_TO_FOLDER',
        projectId: w.b.id,
        folderId: to.id,
        layerId: mains.id,
      }),
    ).toMatchObject({ status: 409, body: { message: 'app.layer.move.error.unique' } });
    const raster = await w.layer(w.a.id, from.id, 'Imagery', 'RASTER');
    expect(
      (
        await move(h, w.admin, {
          scenario: 'MOVE_LAYER_TO_FOLDER',
          projectId: w.b.id,
          folderId: to.id,
          layerId: raster.id,
        })
      ).body.message,
    ).toBe('app.layer.move.error.raster');
    const cFolder = await w.folder(w.c.id, 'Other');
    expect(
      (
        await move(h, w.admin, {
          scenario: 'MOVE_LAYER_TO_FOLDER',
          projectId: w.c.id,
          folderId: cFolder.id,
          layerId: mains.id,
        })
      ).body.message,
    ).toBe('app.move.error.dictionary');
    const features = (await call(h, w.admin, 'POST', `/rest/projects/${w.b.id}/addFeatureFolder`, {})).body;
    const special = (
      await h.db
        .insertInto('folders')
        .values({ project_id: w.b.id, parent_id: null, name: 'Forms', description: null, folder_type: '2' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await move(h, w.admin, {
          scenario: 'MOVE_LAYER_TO_FOLDER',
          projectId: w.b.id,
          folderId: special,
          layerId: mains.id,
        })
      ).body.message,
    ).toBe('app.layer.move.error');
    expect(
      (
        await move(h, w.admin, {
          scenario: 'MOVE_LAYER_TO_FOLDER',
          projectId: w.b.id,
          folderId: features.id,
          layerId: mains.id,
        })
      ).status,
    ).toBe(200);
    const ro = await w.layer(w.a.id, from.id, 'Locked');
    await call(h, w.admin, 'PUT', `/rest/projects/${w.a.id}/folders/${from.id}/layers`, {
      id: ro.id,
      name: 'Locked',
      readOnly: true,
    });
    expect(
      (await move(h, w.admin, { scenario: 'MOVE_LAYER_TO_FOLDER', projectId: w.b.id, folderId: to.id, layerId: ro.id }))
        .body.message,
    ).toBe('app.layer.move.error');
    expect(
      (await move(h, w.admin, { scenario: 'MOVE_LAYER_TO_FOLDER', projectId: w.b.id, folderId: to.id })).status,
    ).toBe(400);
  });

  it('needs the flag, project admin of both projects, and hides other organizations', async () => {
    const h = await harness();
    const w = await world(h);
    const from = await w.folder(w.a.id, 'Source');
    const to = await w.folder(w.b.id, 'Target');
    const mains = await w.layer(w.a.id, from.id, 'Mains');
    const body = { scenario: 'MOVE_LAYER_TO_FOLDER', projectId: w.b.id, folderId: to.id, layerId: mains.id };
    const editor = await createMember(h, w.admin.organizationId, 'viewer');
    expect(await move(h, editor, body)).toMatchObject({
      status: 403,
      body: { message: 'app.layer.move.error.permissions' },
    });
    const outsider = await signedInAccount(h);
    expect(await move(h, outsider, body)).toMatchObject({
      status: 404,
      body: { message: 'app.layer.move.error.not.found' },
    });
    await h.db
      .updateTable('organizations')
      .set({ functionality_flags: JSON.stringify({ dataOrganization: false }) } as never)
      .where('id', '=', w.admin.organizationId)
      .execute();
    expect(await move(h, w.admin, body)).toMatchObject({
      status: 403,
      body: { message: 'app.data-organization.disabled' },
    });
  });
});

describe('data organization: move folder', () => {
  it('moves a folder to another project and as a subfolder, within two levels and unique names', async () => {
    const h = await harness();
    const w = await world(h);
    const top = await w.folder(w.a.id, 'Utilities');
    const sub = await w.folder(w.a.id, 'Water', top.id);
    const mains = await w.layer(w.a.id, sub.id, 'Mains');
    await point(h, w.admin.organizationId, w.a.id, mains.id, w.dictionaryId);
    const res = await move(h, w.admin, {
      scenario: 'MOVE_FOLDER_TO_PROJECT',
      projectId: w.b.id,
      folderId: top.id,
      importedLayerIds: [mains.id],
    });
    expect(res).toMatchObject({ status: 200, body: { movedLayerIds: [mains.id], movedFeatures: 1 } });
    const tree = (await call(h, w.admin, 'GET', `/rest/projects/${w.b.id}`)).body.folders;
    expect(tree[0]).toMatchObject({
      name: 'Utilities',
      folders: [expect.objectContaining({ name: 'Water', projectId: w.b.id })],
    });

    const other = await w.folder(w.b.id, 'Gas');
    // Utilities has a sub-folder, so it cannot become a sub-folder itself; Gas can go under Utilities.
    expect(
      (
        await move(h, w.admin, {
          scenario: 'MOVE_FOLDER_AS_SUBFOLDER',
          projectId: w.b.id,
          folderId: other.id,
          subFolderId: top.id,
        })
      ).body.message,
    ).toBe('app.folder.move.error.depth');
    expect(
      (
        await move(h, w.admin, {
          scenario: 'MOVE_FOLDER_AS_SUBFOLDER',
          projectId: w.b.id,
          folderId: sub.id,
          subFolderId: other.id,
        })
      ).body.message,
    ).toBe('app.folder.move.error.depth');
    expect(
      (
        await move(h, w.admin, {
          scenario: 'MOVE_FOLDER_AS_SUBFOLDER',
          projectId: w.b.id,
          folderId: top.id,
          subFolderId: other.id,
        })
      ).status,
    ).toBe(200);
    // A top-level 'water' clashes with nothing; a second 'WATER' under Utilities does.
    const water2 = await w.folder(w.b.id, 'WATER');
    expect(
      await move(h, w.admin, {
        scenario: 'MOVE_FOLDER_AS_SUBFOLDER',
        projectId: w.b.id,
        folderId: top.id,
        subFolderId: water2.id,
      }),
    ).toMatchObject({ status: 409, body: { message: 'app.folder.move.error.unique' } });
    const imagery = await w.folder(w.a.id, 'Imagery');
    await w.layer(w.a.id, imagery.id, 'Ortho', 'RASTER');
    expect(
      (await move(h, w.admin, { scenario: 'MOVE_FOLDER_TO_PROJECT', projectId: w.b.id, folderId: imagery.id })).body
        .message,
    ).toBe('app.folder.move.error.raster');
    const editor = await createMember(h, w.admin.organizationId, 'viewer');
    expect(
      (await move(h, editor, { scenario: 'MOVE_FOLDER_TO_PROJECT', projectId: w.a.id, folderId: top.id })).body.message,
    ).toBe('app.folder.move.error.permissions');
    const outsider = await signedInAccount(h);
    expect(
      (await move(h, outsider, { scenario: 'MOVE_FOLDER_TO_PROJECT', projectId: w.a.id, folderId: top.id })).status,
    ).toBe(404);
  });
});

describe('data organization: move features', () => {
  it('moves dictionary features of the same geometry to a layer of a same-dictionary project', async () => {
    const h = await harness();
    const w = await world(h);
    const fa = (await call(h, w.admin, 'POST', `/rest/projects/${w.a.id}/addFeatureFolder`, {})).body;
    const fb = (await call(h, w.admin, 'POST', `/rest/projects/${w.b.id}/addFeatureFolder`, {})).body;
    const layer = (f: { layers: Array<{ id: string; serverName: string }> }, kind: string) =>
      f.layers.find((l) => l.serverName === kind)!.id;
    const p1 = await point(h, w.admin.organizationId, w.a.id, layer(fa, 'point'), w.dictionaryId);
    const p2 = await point(h, w.admin.organizationId, w.a.id, layer(fa, 'point'), w.dictionaryId);
    const body = {
      scenario: 'MOVE_FEATURES_TO_LAYER',
      projectId: w.b.id,
      folderId: fb.id,
      layerId: layer(fb, 'point'),
      sourceLayerId: layer(fa, 'point'),
      ogc_fid: [`point.${p1}`, p2],
    };
    expect((await move(h, w.admin, { ...body, layerId: layer(fb, 'line') })).body.message).toBe(
      'app.feature.move.error.kind',
    );
    expect((await move(h, w.admin, { ...body, ogc_fid: ['999999'] })).body.message).toBe('app.feature.move.error.none');
    const editor = await createMember(h, w.admin.organizationId, 'viewer');
    expect(await move(h, editor, body)).toMatchObject({
      status: 403,
      body: { message: 'app.feature.move.error.permissions' },
    });
    const res = await move(h, w.admin, body);
    expect(res).toMatchObject({ status: 200, body: { movedFeatures: 2 } });
    const rows = await h.db
      .selectFrom('features')
      .select(['layer_id', 'project_id'])
      .where('id', 'in', [p1, p2])
      .execute();
    expect(rows.every((r) => r.layer_id === layer(fb, 'point') && r.project_id === w.b.id)).toBe(true);
    const plain = await point(h, w.admin.organizationId, w.a.id, layer(fa, 'point'), null);
    expect((await move(h, w.admin, { ...body, ogc_fid: [plain] })).body.message).toBe(
      'app.feature.move.error.dictionary',
    );
  });

  it('writes an Edit version per moved feature, infers the source layer, and refuses mixed selections and other dictionaries', async () => {
    const h = await harness();
    const w = await world(h);
    const fa = (await call(h, w.admin, 'POST', `/rest/projects/${w.a.id}/addFeatureFolder`, {})).body;
    const fb = (await call(h, w.admin, 'POST', `/rest/projects/${w.b.id}/addFeatureFolder`, {})).body;
    const fc = (await call(h, w.admin, 'POST', `/rest/projects/${w.c.id}/addFeatureFolder`, {})).body;
    const layer = (f: { layers: Array<{ id: string; serverName: string }> }, kind: string) =>
      f.layers.find((l) => l.serverName === kind)!.id;
    const p1 = await point(h, w.admin.organizationId, w.a.id, layer(fa, 'point'), w.dictionaryId);
    const extra = await w.layer(w.a.id, fa.id, 'More points');
    const p2 = await point(h, w.admin.organizationId, w.a.id, extra.id, w.dictionaryId);
    const body = {
      scenario: 'MOVE_FEATURES_TO_LAYER',
      projectId: w.b.id,
      folderId: fb.id,
      layerId: layer(fb, 'point'),
      ogc_fid: [p1],
    };
    expect(await move(h, w.admin, { ...body, ogc_fid: [p1, p2] })).toMatchObject({
      status: 400,
      body: { message: 'app.feature.move.error' },
    });
    expect(
      await move(h, w.admin, { ...body, projectId: w.c.id, folderId: fc.id, layerId: layer(fc, 'point') }),
    ).toMatchObject({ status: 400, body: { message: 'app.move.error.dictionary' } });
    expect(
      await h.db.selectFrom('feature_versions').select('id').where('feature_id', 'in', [p1, p2]).execute(),
    ).toHaveLength(2);
    expect(await move(h, w.admin, body)).toMatchObject({
      status: 200,
      body: { movedFeatures: 1, movedLayerIds: [layer(fa, 'point'), layer(fb, 'point')] },
    });
    const versions = await h.db
      .selectFrom('feature_versions')
      .select(['action', 'before'])
      .where('feature_id', '=', p1)
      .orderBy('id')
      .execute();
    expect(versions.map((v) => v.action)).toEqual(['Add', 'Edit']);
    expect((versions[1].before as { properties: { layer_id: string; project_id: string } }).properties).toMatchObject({
      layer_id: layer(fa, 'point'),
      project_id: w.a.id,
    });
  });
});

describe('data organization: refusals leave everything as it was', () => {
  it('refuses raster layers and folders holding them within a project too, and a folder that does not exist', async () => {
    const h = await harness();
    const w = await world(h);
    const from = await w.folder(w.a.id, 'Imagery');
    const to = await w.folder(w.a.id, 'Target');
    const raster = await w.layer(w.a.id, from.id, 'Ortho', 'RASTER');
    expect(
      await move(h, w.admin, {
        scenario: 'MOVE_LAYER_TO_FOLDER',
        projectId: w.a.id,
        folderId: to.id,
        layerId: raster.id,
      }),
    ).toMatchObject({ status: 400, body: { message: 'app.layer.move.error.raster' } });
    expect(
      await move(h, w.admin, {
        scenario: 'MOVE_FOLDER_AS_SUBFOLDER',
        projectId: w.a.id,
        folderId: to.id,
        subFolderId: from.id,
      }),
    ).toMatchObject({ status: 400, body: { message: 'app.folder.move.error.raster' } });
    expect(
      await h.db.selectFrom('folders').select('parent_id').where('id', '=', from.id).executeTakeFirstOrThrow(),
    ).toEqual({ parent_id: null });
    expect(
      await move(h, w.admin, { scenario: 'MOVE_FOLDER_TO_PROJECT', projectId: w.b.id, folderId: randomUUID() }),
    ).toMatchObject({ status: 404, body: { message: 'app.folder.move.error.not.found' } });
  });

  it('rolls a folder move back when a write fails part-way', async () => {
    const h = await harness();
    const w = await world(h);
    const top = await w.folder(w.a.id, 'Utilities');
    const sub = await w.folder(w.a.id, 'Water', top.id);
    const mains = await w.layer(w.a.id, sub.id, 'Mains');
    const fid = await point(h, w.admin.organizationId, w.a.id, mains.id, w.dictionaryId);
    const before = await h.db
      .selectFrom('layers')
      .select(['project_id', 'data_version'])
      .where('id', '=', mains.id)
      .executeTakeFirstOrThrow();
    // The features update comes after the folders and layers were rewritten: fail it for this target only.
    const name = `fail_${randomUUID().replace(/-/g, '')}`;
    await sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.project_id = '${w.b.id}' THEN RAISE EXCEPTION 'injected' USING ERRCODE = 'check_violation'; END IF; RETURN NEW; END $$`,
      )
      .execute(h.db);
    await sql
      .raw(`CREATE TRIGGER ${name} BEFORE UPDATE ON features FOR EACH ROW EXECUTE FUNCTION ${name}()`)
      .execute(h.db);
    try {
      expect(
        (await move(h, w.admin, { scenario: 'MOVE_FOLDER_TO_PROJECT', projectId: w.b.id, folderId: top.id })).status,
      ).toBe(400);
    } finally {
      await sql.raw(`DROP TRIGGER ${name} ON features`).execute(h.db);
      await sql.raw(`DROP FUNCTION ${name}()`).execute(h.db);
    }
    const folders = await h.db
      .selectFrom('folders')
      .select(['id', 'project_id', 'parent_id'])
      .where('id', 'in', [top.id, sub.id])
      .orderBy('name')
      .execute();
    expect(folders).toEqual([
      { id: top.id, project_id: w.a.id, parent_id: null },
      { id: sub.id, project_id: w.a.id, parent_id: top.id },
    ]);
    expect(
      await h.db
        .selectFrom('layers')
        .select(['project_id', 'data_version'])
        .where('id', '=', mains.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(
      (await h.db.selectFrom('features').select('project_id').where('id', '=', fid).executeTakeFirstOrThrow())
        .project_id,
    ).toBe(w.a.id);
  });
});
