import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';
import { field } from './feature-fixtures.js';
import { rawCall as call, tileAround } from './map-images.js';
import { tileCache } from '../src/ogc/tile-cache.js';

const form = async (h: Harness, owner: SignedIn, name: string) =>
  (
    await h.db
      .insertInto('forms')
      .values({
        organization_id: owner.organizationId,
        name,
        description: null,
        html: '<form></form>',
        js: 'void 0',
        html_file_name: 'f.html',
        js_file_name: 'f.js',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('project-service calls', () => {
  it("checks the session: the caller's account and organization, 401 without one", async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const res = await call(h, admin, 'GET', '/rest/projects/profile/check/it');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      accountId: admin.accountId,
      email: admin.email,
      organizationId: admin.organizationId,
    });
    expect(res.json().organizationName).toEqual(expect.any(String));
    expect((await call(h, null, 'GET', '/rest/projects/profile/check/it')).status).toBe(401);
  });

  it('lists the ids the caller may view, shared projects included read-only, nothing of other organizations', async () => {
    const h = await harness();
    const f = await field(h);
    const ids = (await call(h, f.admin, 'GET', '/rest/projects/viewableArtifactIds')).json();
    expect(ids.projectIds).toContain(f.project.id);
    expect(ids.folderIds).toContain(f.folder.id);
    expect(ids.layerIds).toEqual(expect.arrayContaining(f.folder.layers.map((l: { id: string }) => l.id)));

    const outsider = await signedInAccount(h);
    const none = (await call(h, outsider, 'GET', '/rest/projects/viewableArtifactIds')).json();
    expect(none.projectIds).not.toContain(f.project.id);
    expect(none.layerIds).not.toContain(f.layer('point'));
    const code = (await call(h, f.admin, 'POST', '/rest/organization-permissions')).json();
    await call(h, outsider, 'POST', `/rest/organization-permissions/${encodeURIComponent(code.id)}`);
    expect((await call(h, f.admin, 'PUT', `/rest/organization-permissions/accept/${code.id}`)).status).toBe(200);
    const shared = (await call(h, outsider, 'GET', '/rest/projects/viewableArtifactIds')).json();
    expect(shared.projectIds).toContain(f.project.id);
    expect(shared.layerIds).toContain(f.layer('point'));
    expect((await call(h, null, 'GET', '/rest/projects/viewableArtifactIds')).status).toBe(401);
  });

  it('adds layers to the special folders by type: one-call (1) and forms (2), refusing other types', async () => {
    const h = await harness();
    const f = await field(h);
    const url = (type: string, ref: string) => `/rest/projects/${f.project.id}/foldertype/${type}/layers/${ref}`;
    const tickets = await call(h, f.admin, 'POST', url('1', 'tickets-inbox'), {
      name: 'Tickets',
      preferredMethod: 'WMS',
    });
    expect(tickets.status, tickets.body).toBe(201);
    expect(tickets.json()).toMatchObject({
      name: 'Tickets',
      serverName: 'onecall_tickets',
      referenceId: 'tickets-inbox',
      preferredMethod: 'WMS',
    });
    const special = await h.db
      .selectFrom('folders')
      .select(['id', 'folder_type'])
      .where('id', '=', tickets.json().folderId)
      .executeTakeFirstOrThrow();
    expect(special.folder_type).toBe('1');
    const second = await call(h, f.admin, 'POST', url('1', 'other'), { name: 'More tickets' });
    expect(second.json().folderId).toBe(special.id);
    expect((await call(h, f.admin, 'POST', url('1', 'again'), { name: 'tickets' })).status).toBe(409);

    const formId = await form(h, f.admin, 'Inspection');
    const forms = await call(h, f.admin, 'POST', url('2', formId), {
      name: 'Inspections',
      description: 'weekly',
      preferredMethod: 'WFS',
    });
    expect(forms.status, forms.body).toBe(201);
    expect(forms.json()).toMatchObject({
      name: 'Inspections',
      description: 'weekly',
      serverName: 'htmlform_feature',
      referenceId: formId,
      preferredMethod: 'WFS',
    });
    expect(
      (
        await h.db
          .selectFrom('folders')
          .select('folder_type')
          .where('id', '=', forms.json().folderId)
          .executeTakeFirstOrThrow()
      ).folder_type,
    ).toBe('2');
    const granted = (await call(h, f.admin, 'GET', `/rest/forms/project/${f.project.id}`)).json();
    expect(granted.map((g: { id: string }) => g.id)).toEqual([formId]);

    for (const type of ['0', '3', '4', 'features', 'x'])
      expect((await call(h, f.admin, 'POST', url(type, formId), { name: `L ${type}` })).status, type).toBe(400);
    expect((await call(h, f.admin, 'POST', url('2', 'not-a-form'), { name: 'Nope' })).status).toBe(404);
    const outsider = await signedInAccount(h);
    expect(
      (await call(h, f.admin, 'POST', url('2', await form(h, outsider, 'Theirs')), { name: 'Theirs' })).status,
    ).toBe(404);
    expect((await call(h, outsider, 'POST', url('1', 'x'), { name: 'Mine' })).status).toBe(404);
    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'POST', url('1', 'x'), { name: 'Viewer' })).status).toBe(403);
    expect((await call(h, f.admin, 'POST', url('1', 'x'), {})).status).toBe(400);
  });

  it("drops the project's cached tiles and snapshots on DELETE /rest/projects/{id}/geo (project admins)", async () => {
    const h = await harness();
    const f = await field(h);
    const layerId = f.layer('point');
    await call(h, f.admin, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-105, 39.5] },
      properties: { layer_id: layerId },
    });
    const tile = `/rest/projects/${f.project.id}/folders/${f.folder.id}/layers/${layerId}/geo/wms?REQUEST=GetMap&LAYERS=${layerId}&FORMAT=image/png&TRANSPARENT=true&WIDTH=256&HEIGHT=256&CRS=EPSG:3857&BBOX=${tileAround(-105, 39.5)}`;
    const first = await call(h, f.admin, 'GET', tile);
    const hits = tileCache.hits;
    expect((await call(h, f.admin, 'GET', tile)).etag).toBe(first.etag);
    expect(tileCache.hits).toBe(hits + 1);
    const version = async () =>
      (await h.db.selectFrom('layers').select('data_version').where('id', '=', layerId).executeTakeFirstOrThrow())
        .data_version;
    const before = await version();

    const viewer = await createMember(h, f.admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'DELETE', `/rest/projects/${f.project.id}/geo`)).status).toBe(403);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'DELETE', `/rest/projects/${f.project.id}/geo`)).status).toBe(404);
    expect(await version()).toBe(before);

    expect((await call(h, f.admin, 'DELETE', `/rest/projects/${f.project.id}/geo`)).status).toBe(204);
    expect(Number(await version())).toBe(Number(before) + 1);
    expect(tileCache.deleteWhere((key) => key.includes(layerId))).toBe(0);
    const misses = tileCache.misses;
    const after = await call(h, f.admin, 'GET', tile);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(first.etag);
    expect(tileCache.misses).toBe(misses + 1);
  });
});
