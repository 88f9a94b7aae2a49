import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { createMember, signedInAccount } from './factories.js';
import { HTML, JS, project, send } from './form-fixtures.js';

describe('forms administration', () => {
  it('adds a form from HTML and JS files, renders it for a sandboxed iframe, and pages the list', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const created = await send(h, admin, 'POST', '/rest/forms', {
      dto: { name: ' Locate Form ', description: 'One-call locate' },
      html: HTML,
      js: JS,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Locate Form',
      description: 'One-call locate',
      htmlFile: 'locate.html',
      jsFile: 'locate.js',
      permissions: [],
    });
    const rendered = await h.app.inject({
      method: 'GET',
      url: `/rest/forms/rendered/${created.body.id}`,
      headers: admin.auth,
    });
    expect(rendered.headers['content-security-policy']).toContain('sandbox');
    expect(rendered.body).toContain('<script>');
    expect(rendered.body.indexOf('window.validate')).toBeLessThan(rendered.body.indexOf('</body>'));
    const page = (await h.app.inject({ method: 'GET', url: '/rest/forms/paged', headers: admin.auth })).json();
    expect(page).toMatchObject({ page: 0, totalCount: 1, output: [{ id: created.body.id }] });
  });

  it.each([
    ['no name', { dto: { name: '' }, html: HTML, js: JS }, 'app.form.name.required'],
    ['a name over 128', { dto: { name: 'n'.repeat(129) }, html: HTML, js: JS }, 'app.form.name.too-long'],
    [
      'a description over 256',
      { dto: { name: 'F', description: 'd'.repeat(257) }, html: HTML, js: JS },
      'app.form.description.too-long',
    ],
    ['no script file', { dto: { name: 'F' }, html: HTML }, 'app.form.files.required'],
    ['an HTML file that is not HTML', { dto: { name: 'F' }, html: 'just text', js: JS }, 'app.form.html.invalid'],
  ])('refuses a form with %s', async (_label, fields, message) => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const res = await send(h, admin, 'POST', '/rest/forms', fields);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(
      await h.db.selectFrom('forms').select('id').where('organization_id', '=', admin.organizationId).execute(),
    ).toEqual([]);
  });

  it('granting a form to a project creates a forms layer in the forms folder; withdrawing disables it; granting again re-enables it', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const form = (await send(h, admin, 'POST', '/rest/forms', { dto: { name: 'Locate Form' }, html: HTML, js: JS }))
      .body;
    const p = await project(h, admin.organizationId);
    const added = await h.app.inject({
      method: 'PUT',
      url: `/rest/forms/permission/add/${form.id}/${p.id}`,
      headers: admin.auth,
    });
    expect(added.json()).toMatchObject({ form: { id: form.id }, projectId: p.id });
    const layer = await h.db
      .selectFrom('layers')
      .innerJoin('folders', 'folders.id', 'layers.folder_id')
      .select([
        'layers.id',
        'layers.name',
        'layers.is_active',
        'layers.preferred_method',
        'layers.reference_id',
        'folders.folder_type',
      ])
      .where('layers.project_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(layer).toMatchObject({
      name: 'Locate Form',
      is_active: true,
      preferred_method: 'WMS',
      reference_id: form.id,
      folder_type: '2',
    });
    expect(
      (
        await h.app.inject({ method: 'GET', url: `/rest/forms/project/${p.id}?includeFiles=true`, headers: admin.auth })
      ).json()[0],
    ).toMatchObject({ id: form.id, js: JS });

    await h.app.inject({
      method: 'DELETE',
      url: `/rest/forms/permission/remove/${added.json().id}`,
      headers: admin.auth,
    });
    expect(
      (await h.db.selectFrom('layers').select('is_active').where('id', '=', layer.id).executeTakeFirstOrThrow())
        .is_active,
    ).toBe(false);
    await h.app.inject({ method: 'PUT', url: `/rest/forms/permission/add/${form.id}/${p.id}`, headers: admin.auth });
    const layers = await h.db.selectFrom('layers').select(['id', 'is_active']).where('project_id', '=', p.id).execute();
    expect(layers).toEqual([{ id: layer.id, is_active: true }]);

    // Editing with a permissions list syncs the grants.
    const other = await project(h, admin.organizationId, 'Second');
    const edited = await send(h, admin, 'PUT', `/rest/forms/${form.id}`, {
      dto: { name: 'Locate Form v2', permissions: [other.id] },
    });
    expect(edited.body.permissions.map((x: { projectId: string }) => x.projectId)).toEqual([other.id]);
    expect(
      (await h.db.selectFrom('layers').select('is_active').where('id', '=', layer.id).executeTakeFirstOrThrow())
        .is_active,
    ).toBe(false);
  });

  it('keeps forms to their organization and their admins', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const form = (await send(h, admin, 'POST', '/rest/forms', { dto: { name: 'Mine' }, html: HTML, js: JS })).body;
    const outsider = await signedInAccount(h);
    expect(
      (await h.app.inject({ method: 'GET', url: `/rest/forms/${form.id}`, headers: outsider.auth })).statusCode,
    ).toBe(404);
    const theirProject = await project(h, outsider.organizationId);
    expect(
      (
        await h.app.inject({
          method: 'PUT',
          url: `/rest/forms/permission/add/${form.id}/${theirProject.id}`,
          headers: admin.auth,
        })
      ).statusCode,
    ).toBe(404);
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect((await send(h, viewer, 'POST', '/rest/forms', { dto: { name: 'X' }, html: HTML, js: JS })).status).toBe(403);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/rest/forms/${form.id}`, headers: viewer.auth })).statusCode,
    ).toBe(403);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/rest/forms/${form.id}`, headers: admin.auth })).statusCode,
    ).toBe(204);
  });
});
