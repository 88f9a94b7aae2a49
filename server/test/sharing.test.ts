import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { signedInAccount, type SignedIn, templateDictionaryId } from './factories.js';
import { sharedMask } from '../src/sharing/service.js';

const call = (h: Harness, who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  h.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

describe('organization sharing', () => {
  it('code → request → deny → accept → manage permissions → delete, and the grantee can read what was granted', async () => {
    const h = await harness();
    const a = await signedInAccount(h);
    const b = await signedInAccount(h);
    const code = (await call(h, a, 'POST', '/rest/organization-permissions')).json();
    expect(code).toMatchObject({
      state: 'CREATED',
      grantorOrganizationId: a.organizationId,
      granteeOrganizationId: null,
    });
    expect(code.id).toMatch(/^[^@]+@[^@]+$/);

    expect(
      (await call(h, a, 'POST', `/rest/organization-permissions/${encodeURIComponent(code.id)}`)).json().message,
    ).toBe('app.perms.code.own');
    const requested = await call(
      h,
      b,
      'POST',
      `/rest/organization-permissions/${encodeURIComponent(` ${code.id.toUpperCase()} `)}`,
    );
    expect(requested.json()).toMatchObject({ state: 'REQUESTED', granteeOrganizationId: b.organizationId });
    expect((await call(h, b, 'POST', `/rest/organization-permissions/${encodeURIComponent(code.id)}`)).statusCode).toBe(
      409,
    );
    const second = (await call(h, a, 'POST', '/rest/organization-permissions')).json();
    const dup = await call(h, b, 'POST', `/rest/organization-permissions/${encodeURIComponent(second.id)}`);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('perms.409');

    expect((await call(h, b, 'PUT', `/rest/organization-permissions/accept/${code.id}`)).statusCode).toBe(403);
    expect((await call(h, a, 'PUT', `/rest/organization-permissions/deny/${code.id}`)).json().state).toBe('DENIED');
    expect((await call(h, a, 'PUT', `/rest/organization-permissions/deny/${code.id}`)).json().message).toBe(
      'app.perms.state.invalid',
    );
    const accepted = (await call(h, a, 'PUT', `/rest/organization-permissions/accept/${code.id}`)).json();
    expect(accepted).toMatchObject({ state: 'ACCEPTED', acceptedByEmail: a.email });

    const lists = (await call(h, b, 'GET', '/rest/organization-permissions')).json();
    expect(lists.map((g: { id: string }) => g.id)).toEqual([code.id]);
    expect((await call(h, b, 'GET', `/rest/permissions/grantee/${b.organizationId}`)).json()).toHaveLength(1);
    expect((await call(h, a, 'GET', `/rest/permissions/grantor/${a.organizationId}`)).json()).toHaveLength(2);

    const template = { id: await templateDictionaryId(h) };
    const projectIds: string[] = [];
    for (const name of ['First', 'Second'])
      projectIds.push(
        (await call(h, a, 'POST', '/rest/projects', { name, dataDictionaryId: template.id })).json().id as string,
      );
    const project = { type: 'project' as const, id: projectIds[0] };
    expect(await sharedMask(h.db, b.organizationId, a.organizationId, [project])).toBe(1);
    const narrowed = await call(h, a, 'PUT', `/rest/permissions/grant/${a.organizationId}/${b.organizationId}`, {
      permissions: [{ assetTypeName: 'project', assetId: projectIds[1], bitMask: '1111' }],
    });
    expect(narrowed.json().permissions).toEqual([
      { assetTypeName: 'project', assetId: projectIds[1], bitMask: '0001' },
    ]);
    expect(await sharedMask(h.db, b.organizationId, a.organizationId, [project])).toBe(0);
    expect(
      await sharedMask(h.db, b.organizationId, a.organizationId, [
        { type: 'layer', id: 'l-9' },
        { type: 'project', id: projectIds[1] },
      ]),
    ).toBe(1);

    expect((await call(h, b, 'DELETE', `/rest/organization-permissions/${code.id}`)).statusCode).toBe(204);
    expect(await sharedMask(h.db, b.organizationId, a.organizationId, [{ type: 'project', id: projectIds[1] }])).toBe(
      0,
    );
  });

  it('rejects malformed and unknown codes', async () => {
    const h = await harness();
    const b = await signedInAccount(h);
    expect((await call(h, b, 'POST', '/rest/organization-permissions/not-a-code')).json().message).toBe(
      'app.perms.code.invalid',
    );
    expect(
      (await call(h, b, 'POST', `/rest/organization-permissions/${encodeURIComponent('x'.repeat(130) + '@a')}`))
        .statusCode,
    ).toBe(400);
    expect((await call(h, b, 'POST', '/rest/organization-permissions/unknown%40share.fieldbook')).statusCode).toBe(404);
  });

  it('hides grants between a parent and its child', async () => {
    const h = await harness();
    const a = await signedInAccount(h);
    const child = (
      await call(h, a, 'POST', '/rest/organizations', { name: 'Child', parentId: a.organizationId })
    ).json();
    const code = (await call(h, a, 'POST', '/rest/organization-permissions')).json();
    await h.app.inject({
      method: 'POST',
      url: `/rest/organization-permissions/${encodeURIComponent(code.id)}?orgId=${child.id}`,
      headers: a.auth,
    });
    const list = (await call(h, a, 'GET', '/rest/organization-permissions')).json();
    expect(list.find((g: { id: string }) => g.id === code.id)).toBeUndefined();
  });
});

describe('what a grant lets the grantee read', () => {
  it("shows the grantor's granted projects read-only, and nothing once the grant narrows or goes", async () => {
    const h = await harness();
    const a = await signedInAccount(h);
    const b = await signedInAccount(h);
    const template = { id: await templateDictionaryId(h) };
    const project = (
      await call(h, a, 'POST', '/rest/projects', { name: 'Shared Survey', dataDictionaryId: template.id })
    ).json();
    const folder = (await call(h, a, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {})).json();
    const points = folder.layers.find((l: { serverName: string }) => l.serverName === 'point');
    await call(h, a, 'POST', '/rest/features/points', {
      geometry: { type: 'Point', coordinates: [-100, 40] },
      properties: { layer_id: points.id },
    });

    expect((await call(h, b, 'GET', '/rest/projects')).json()).toEqual([]);
    const code = (await call(h, a, 'POST', '/rest/organization-permissions')).json();
    await call(h, b, 'POST', `/rest/organization-permissions/${encodeURIComponent(code.id)}`);
    expect((await call(h, b, 'GET', '/rest/projects')).json()).toEqual([]); // requested, not yet accepted
    await call(h, a, 'PUT', `/rest/organization-permissions/accept/${code.id}`);

    const seen = (await call(h, b, 'GET', '/rest/projects')).json();
    expect(seen).toEqual([
      expect.objectContaining({
        id: project.id,
        organizationId: a.organizationId,
        abilities: { edit: false, admin: false, createFolder: false },
      }),
    ]);
    expect(seen[0].folders[0].layers.map((l: { serverName: string }) => l.serverName)).toContain('point');
    const wfs = await call(
      h,
      b,
      'GET',
      `/rest/projects/${project.id}/folders/${folder.id}/layers/${points.id}/geo/wfs?request=GetFeature&typeNames=fb:layer_${points.id.replace(/-/g, '')}&outputFormat=json`,
    );
    expect(wfs.json().features).toHaveLength(1);

    // Read-only: no change of any kind reaches the grantor's data.
    expect(
      (await call(h, b, 'PUT', '/rest/projects', { id: project.id, name: 'Taken', dataDictionaryId: template.id }))
        .statusCode,
    ).toBe(404);
    expect((await call(h, b, 'POST', `/rest/projects/${project.id}/folders`, { name: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(h, b, 'POST', '/rest/features/points', {
          geometry: { type: 'Point', coordinates: [-100, 40] },
          properties: { layer_id: points.id },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(h, b, 'DELETE', `/rest/projects/${project.id}`)).statusCode).toBe(404);

    const other = (
      await call(h, a, 'POST', '/rest/projects', { name: 'Not shared', dataDictionaryId: template.id })
    ).json();
    await call(h, a, 'PUT', `/rest/permissions/grant/${a.organizationId}/${b.organizationId}`, {
      permissions: [{ assetTypeName: 'project', assetId: other.id, bitMask: '0001' }],
    });
    expect((await call(h, b, 'GET', `/rest/projects/${project.id}`)).statusCode).toBe(404);
    await call(h, a, 'PUT', `/rest/permissions/grant/${a.organizationId}/${b.organizationId}`, {
      permissions: [{ assetTypeName: 'project', assetId: project.id, bitMask: '0001' }],
    });
    expect((await call(h, b, 'GET', `/rest/projects/${project.id}`)).statusCode).toBe(200);
    await call(h, b, 'DELETE', `/rest/organization-permissions/${code.id}`);
    expect((await call(h, b, 'GET', '/rest/projects')).json()).toEqual([]);
  });
});
