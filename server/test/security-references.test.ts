import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { orgObjects, referenceSnapshot, type OrgObjects } from './reference-world.js';

/**
 * Issue #17 point 13: every id a request names besides its main resource is checked against the
 * caller's organization before it is used or stored. Organization B's admin, working in B, names
 * organization A's object in each route below; the answer is the same as for an id that names
 * nothing (404 unless the row says otherwise), so B cannot tell A's ids from unknown ones, and
 * nothing is written. The same call with B's own object works.
 */
type Method = 'GET' | 'POST' | 'PUT';
interface Call {
  method: Method;
  url: string;
  body?: unknown;
  /** A multipart `dto` field instead of JSON. */ dto?: unknown;
}
interface Row {
  /** A's object of the kind the route names. */
  foreign: (a: OrgObjects) => string;
  /** An id of the same shape that names nothing (a random UUID unless given). */
  unknown?: () => string;
  request: (b: OrgObjects, id: string) => Call;
  /** B's own object of that kind, and the status the route answers with it. */
  own: (b: OrgObjects) => string;
  ok: number;
  /** The refusal when it is not a 404 (still the same for foreign and unknown ids). */
  refusedWith?: number;
}

let n = 0;
const fresh = (prefix: string) => `${prefix} ${++n}`;
const css = '* { stroke: #000000; }';
const layerStyle = (
  b: OrgObjects,
  refs: Partial<Record<'dictionaryId' | 'systemId' | 'componentId', string>>,
): Call => ({
  method: 'PUT',
  url: `/rest/styles/geo/layer/${b.layers.point}/style`,
  body: { dictionaryId: b.dictionaryId, systemId: b.systemId, ...refs },
});
const share = (folderId: string, layerId: string, replace?: string): Call => ({
  method: 'POST',
  url: `/rest/projects/share/${folderId}/${layerId}${replace ? `?replace=${replace}` : ''}`,
});
const grantAsset =
  (type: string) =>
  (b: OrgObjects, id: string): Call => ({
    method: 'PUT',
    url: `/rest/permissions/grant/${b.organizationId}/${granteeId}`,
    body: { permissions: [{ assetTypeName: type, assetId: id, bitMask: '0001' }] },
  });
const moveLayer = (projectId: string, folderId: string, layerId: string): Call => ({
  method: 'POST',
  url: '/rest/data-organization',
  body: { scenario: 'MOVE_LAYER_TO_FOLDER', projectId, folderId, layerId },
});
/** The grantee of B's accepted grant (organization A), set in beforeAll. */
let granteeId = '';

const ROWS: Record<string, Row> = {
  // Styles
  'POST /rest/styles projectId': {
    foreign: (a) => a.projectId,
    own: (b) => b.projectId,
    ok: 201,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/styles',
      body: { name: fresh('Style'), format: 'css', body: css, projectId: id },
    }),
  },
  'POST /rest/styles/geo projectId': {
    foreign: (a) => a.projectId,
    own: (b) => b.projectId,
    ok: 201,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/styles/geo',
      body: { name: fresh('Style'), body: css, projectId: id },
    }),
  },
  'PUT /rest/styles/geo projectId': {
    foreign: (a) => a.projectId,
    own: (b) => b.projectId,
    ok: 200,
    request: (b, id) => ({ method: 'PUT', url: '/rest/styles/geo', body: { id: b.styleId, body: css, projectId: id } }),
  },
  'PUT layer styles[0].id': {
    foreign: (a) => a.styleId,
    own: (b) => b.styleId,
    ok: 200,
    request: (b, id) => ({
      method: 'PUT',
      url: `/rest/projects/${b.projectId}/folders/${b.plainFolderId}/layers`,
      body: { id: b.plainLayerId, name: 'Mains', styles: [{ id }] },
    }),
  },
  'PUT layer style dictionaryId': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 200,
    request: (b, id) => layerStyle(b, { dictionaryId: id }),
  },
  'PUT layer style systemId': {
    foreign: (a) => a.systemId,
    own: (b) => b.systemId,
    ok: 200,
    request: (b, id) => layerStyle(b, { systemId: id }),
  },
  'PUT layer style componentId': {
    foreign: (a) => a.pointComponentId,
    own: (b) => b.pointComponentId,
    ok: 200,
    request: (b, id) => layerStyle(b, { componentId: id }),
  },
  // Projects, folders, layers
  'POST /rest/projects dataDictionaryId (the spec\'s 400 "dictionary required")': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 201,
    refusedWith: 400,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/projects',
      body: { name: fresh('Project'), dataDictionaryId: id },
    }),
  },
  'PUT /rest/projects dataDictionaryId': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 200,
    request: (b, id) => ({
      method: 'PUT',
      url: '/rest/projects',
      body: { id: b.projectId, name: 'Field', dataDictionaryId: id },
    }),
  },
  'PUT /rest/projects proj.id (site)': {
    foreign: (a) => a.siteId,
    own: (b) => b.siteId,
    ok: 200,
    request: (b, id) => ({
      method: 'PUT',
      url: '/rest/projects',
      body: { id: b.projectId, name: 'Field', dataDictionaryId: b.dictionaryId, proj: { id } },
    }),
  },
  'POST folders parentId': {
    foreign: (a) => a.plainFolderId,
    own: (b) => b.plainFolderId,
    ok: 201,
    request: (b, id) => ({
      method: 'POST',
      url: `/rest/projects/${b.projectId}/folders`,
      body: { name: fresh('Sub'), parentId: id },
    }),
  },
  'POST foldertype/1 (one-call) refId': {
    foreign: (a) => a.layers.point,
    own: () => 'tickets-inbox',
    ok: 201,
    request: (b, id) => ({
      method: 'POST',
      url: `/rest/projects/${b.projectId}/foldertype/1/layers/${id}`,
      body: { name: fresh('Tickets') },
    }),
  },
  'POST foldertype/2 (forms) refId': {
    foreign: (a) => a.formId,
    own: (b) => b.formId,
    ok: 201,
    request: (b, id) => ({
      method: 'POST',
      url: `/rest/projects/${b.projectId}/foldertype/2/layers/${id}`,
      body: { name: fresh('Inspections') },
    }),
  },
  'POST share folderId': {
    foreign: (a) => a.q1,
    own: (b) => b.q1,
    ok: 200,
    request: (b, id) => share(id, b.layers.line),
  },
  'POST share layerId': {
    foreign: (a) => a.layers.polygon,
    own: (b) => b.layers.polygon,
    ok: 200,
    request: (b, id) => share(b.q2, id),
  },
  'POST share ?replace': {
    foreign: (a) => a.q1,
    own: (b) => b.q1,
    ok: 200,
    request: (b, id) => share(b.q2, b.layers.point, id),
  },
  // Data organization
  'MOVE_LAYER_TO_FOLDER projectId': {
    foreign: (a) => a.projectId,
    own: (b) => b.projectId,
    ok: 200,
    request: (b, id) => moveLayer(id, b.targetFolderId, b.plainLayerId),
  },
  'MOVE_LAYER_TO_FOLDER layerId': {
    foreign: (a) => a.layers.line,
    own: (b) => b.layers.line,
    ok: 200,
    request: (b, id) => moveLayer(b.projectId, b.plainFolderId, id),
  },
  'MOVE_FOLDER_AS_SUBFOLDER folderId': {
    foreign: (a) => a.plainFolderId,
    own: (b) => b.plainFolderId,
    ok: 200,
    request: (b, id) => ({
      method: 'POST',
      url: '/rest/data-organization',
      body: {
        scenario: 'MOVE_FOLDER_AS_SUBFOLDER',
        projectId: b.projectId,
        folderId: id,
        subFolderId: b.targetFolderId,
      },
    }),
  },
  // Forms
  'PUT forms/permission/add projectId': {
    foreign: (a) => a.projectId,
    own: (b) => b.projectId,
    ok: 200,
    request: (b, id) => ({ method: 'PUT', url: `/rest/forms/permission/add/${b.formId}/${id}` }),
  },
  'PUT forms/permission/add formId': {
    foreign: (a) => a.formId,
    own: (b) => b.formId,
    ok: 200,
    request: (b, id) => ({ method: 'PUT', url: `/rest/forms/permission/add/${id}/${b.projectId}` }),
  },
  'PUT /rest/forms/{id} permissions': {
    foreign: (a) => a.projectId,
    own: (b) => b.otherProjectId,
    ok: 200,
    request: (b, id) => ({
      method: 'PUT',
      url: `/rest/forms/${b.formId}`,
      dto: { name: 'Inspection B', permissions: [id] },
    }),
  },
  // Dictionaries
  'GET /rest/systems?dictionaryId': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 200,
    request: (_, id) => ({ method: 'GET', url: `/rest/systems?dictionaryId=${id}` }),
  },
  'POST /rest/systems dictionaryId': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 201,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/systems',
      body: { name: fresh('System'), color: '#123456', dictionaryId: id },
    }),
  },
  'PUT /rest/systems/{id} dictionaryId': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 200,
    request: (b, id) => ({
      method: 'PUT',
      url: `/rest/systems/${b.systemId}`,
      body: { id: b.systemId, dictionaryId: id, color: '#abcdef' },
    }),
  },
  'GET /rest/components?systemId': {
    foreign: (a) => a.systemId,
    own: (b) => b.systemId,
    ok: 200,
    request: (_, id) => ({ method: 'GET', url: `/rest/components?systemId=${id}` }),
  },
  'POST /rest/components systemId': {
    foreign: (a) => a.systemId,
    own: (b) => b.systemId,
    ok: 201,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/components',
      body: { systemId: id, componentTypeId: 1, alias: fresh('Valve') },
    }),
  },
  'PUT /rest/components/{id} systemId': {
    foreign: (a) => a.systemId,
    own: (b) => b.systemId,
    ok: 200,
    request: (b, id) => ({
      method: 'PUT',
      url: `/rest/components/${b.pointComponentId}`,
      body: { id: b.pointComponentId, systemId: id },
    }),
  },
  'POST /rest/components attributeIdList': {
    foreign: (a) => a.globalAttributeId,
    own: (b) => b.globalAttributeId,
    ok: 201,
    request: (b, id) => ({
      method: 'POST',
      url: '/rest/components',
      body: { systemId: b.systemId, componentTypeId: 1, alias: fresh('Hydrant'), attributeIdList: [id] },
    }),
  },
  'POST /rest/components style symbol': {
    foreign: (a) => a.symbolId,
    own: (b) => b.symbolId,
    ok: 201,
    request: (b, id) => ({
      method: 'POST',
      url: '/rest/components',
      body: { systemId: b.systemId, componentTypeId: 1, alias: fresh('Marker'), style: `/rest/symbols/${id}/image` },
    }),
  },
  'POST /rest/component-attributes pickListId': {
    foreign: (a) => a.pickListId,
    own: (b) => b.pickListId,
    ok: 201,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/component-attributes',
      body: { name: fresh('Size'), typeId: 1, pickListId: id },
    }),
  },
  'PUT /rest/component-attributes/{id} pickListId': {
    foreign: (a) => a.globalPickListId,
    own: (b) => b.globalPickListId,
    ok: 200,
    request: (b, id) => ({
      method: 'PUT',
      url: `/rest/component-attributes/${b.globalAttributeId}`,
      body: { id: b.globalAttributeId, name: 'Crew', typeId: 3, pickListId: id },
    }),
  },
  'POST search-index attribute id': {
    foreign: (a) => a.attributeId,
    own: (b) => b.attributeId,
    ok: 200,
    request: (b, id) => ({
      method: 'POST',
      url: '/rest/component-attributes/search-index',
      body: { componentId: b.componentId, attributes: [{ id, name: 'Owner', typeId: 5 }] },
    }),
  },
  'POST update-attributes-global-picklist pickListId': {
    foreign: (a) => a.globalPickListId,
    own: (b) => b.globalPickListId,
    ok: 200,
    request: (b, id) => ({
      method: 'POST',
      url: '/rest/component-attributes/update-attributes-global-picklist',
      body: { pickListId: id, attributeIds: [b.globalAttributeId] },
    }),
  },
  'POST update-attributes-global-picklist attributeIds': {
    foreign: (a) => a.globalAttributeId,
    own: (b) => b.globalAttributeId,
    ok: 200,
    request: (b, id) => ({
      method: 'POST',
      url: '/rest/component-attributes/update-attributes-global-picklist',
      body: { pickListId: b.globalPickListId, attributeIds: [id] },
    }),
  },
  'POST /rest/pick-lists dictionaryId': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 201,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/pick-lists',
      body: { name: fresh('List'), values: [{ value: 'X' }], dictionaryId: id },
    }),
  },
  'POST /rest/pick-lists organizationId': {
    foreign: (a) => a.organizationId,
    own: (b) => b.organizationId,
    ok: 201,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/pick-lists',
      body: { name: fresh('Global'), values: [{ value: 'X' }], isGlobal: true, organizationId: id },
    }),
  },
  'GET /rest/pick-lists/list/{dictionaryId}': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 200,
    request: (_, id) => ({ method: 'GET', url: `/rest/pick-lists/list/${id}` }),
  },
  'POST /rest/dictionaries/copy/{id}': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 201,
    request: (_, id) => ({ method: 'POST', url: `/rest/dictionaries/copy/${id}`, body: { name: fresh('Copy') } }),
  },
  // Symbols
  'POST triggerDictionaryPackaging dictionaryIds': {
    foreign: (a) => a.dictionaryId,
    own: (b) => b.dictionaryId,
    ok: 200,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/symbols/triggerDictionaryPackaging',
      body: { dictionaryIds: [id] },
    }),
  },
  // Organization sharing: what a grant lets the grantee read
  'PUT grant permissions project': {
    foreign: (a) => a.projectId,
    own: (b) => b.projectId,
    ok: 200,
    request: grantAsset('project'),
  },
  'PUT grant permissions folder': {
    foreign: (a) => a.folderId,
    own: (b) => b.folderId,
    ok: 200,
    request: grantAsset('folder'),
  },
  'PUT grant permissions layer': {
    foreign: (a) => a.layers.point,
    own: (b) => b.layers.point,
    ok: 200,
    request: grantAsset('layer'),
  },
  'PUT grant permissions feature': {
    foreign: (a) => a.featureId,
    unknown: () => String(900_000_000_000 + Math.floor(Math.random() * 1e9)),
    own: (b) => b.featureId,
    ok: 200,
    request: grantAsset('feature'),
  },
  'PUT grant permissions organization': {
    foreign: (a) => a.organizationId,
    own: (b) => b.organizationId,
    ok: 200,
    request: grantAsset('organization'),
  },
  // Members: the assets a member's permissions name
  'POST /rest/accounts permissions project': {
    foreign: (a) => a.projectId,
    own: (b) => b.projectId,
    ok: 201,
    request: (_, id) => ({
      method: 'POST',
      url: '/rest/accounts',
      body: {
        email: `${fresh('member').replace(' ', '.')}@refs.test`,
        firstName: 'Rex',
        lastName: 'Ref',
        userType: '0001',
        permissions: [{ assetTypeName: 'project', assetId: id, bitMask: '0001' }],
      },
    }),
  },
  'PUT /rest/accounts permissions layer': {
    foreign: (a) => a.layers.point,
    own: (b) => b.layers.point,
    ok: 200,
    request: (b, id) => ({
      method: 'PUT',
      url: '/rest/accounts',
      body: { id: memberOfB, permissions: [{ assetTypeName: 'layer', assetId: id, bitMask: '0001' }] },
    }),
  },
};
/** A viewer of organization B whose permissions B's admin edits, set in beforeAll. */
let memberOfB = '';

async function send(h: Harness, b: OrgObjects, req: Call) {
  if (req.dto === undefined)
    return h.app.inject({
      method: req.method,
      url: req.url,
      headers: b.admin.auth,
      ...(req.body !== undefined ? { payload: req.body as object } : {}),
    });
  const form = new FormData();
  form.append('dto', JSON.stringify(req.dto));
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  return h.app.inject({
    method: req.method,
    url: req.url,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { ...b.admin.auth, 'content-type': encoded.headers.get('content-type')! },
  });
}

describe("references to other organizations' objects (issue #17 point 13)", () => {
  let h: Harness;
  let a: OrgObjects;
  let b: OrgObjects;
  beforeAll(async () => {
    h = await harness();
    a = await orgObjects(h, 'A');
    b = await orgObjects(h, 'B');
    // B grants A read access, so B's admin manages what the grant names.
    const code = (await send(h, b, { method: 'POST', url: '/rest/organization-permissions' })).json();
    await h.app.inject({
      method: 'POST',
      url: `/rest/organization-permissions/${encodeURIComponent(code.id)}`,
      headers: a.admin.auth,
    });
    expect(
      (await send(h, b, { method: 'PUT', url: `/rest/organization-permissions/accept/${code.id}` })).statusCode,
    ).toBe(200);
    granteeId = a.organizationId;
    const added = await send(h, b, {
      method: 'POST',
      url: '/rest/accounts',
      body: { email: `viewer.${Date.now()}@refs.test`, firstName: 'Vi', lastName: 'Ewer', userType: '0001' },
    });
    expect(added.statusCode).toBe(201);
    memberOfB = added.json().id;
  });

  it("answers another organization's id exactly as an unknown one, and writes nothing", async () => {
    const before = await referenceSnapshot(h, [a.organizationId, b.organizationId]);
    // Every row is tried, so one run lists every route that still tells the two apart.
    const wrong: string[] = [];
    for (const [name, row] of Object.entries(ROWS)) {
      const foreign = await send(h, b, row.request(b, row.foreign(a)));
      const unknown = await send(h, b, row.request(b, (row.unknown ?? randomUUID)()));
      if (foreign.statusCode !== (row.refusedWith ?? 404))
        wrong.push(`${name}: A's id → ${foreign.statusCode} ${foreign.body.slice(0, 120)}`);
      else if (foreign.body !== unknown.body)
        wrong.push(`${name}: A's id → ${foreign.body}, unknown id → ${unknown.statusCode} ${unknown.body}`);
    }
    expect(wrong).toEqual([]);
    expect(await referenceSnapshot(h, [a.organizationId, b.organizationId])).toEqual(before);
  });

  it("takes the caller's own ids on the same routes", async () => {
    const refused: string[] = [];
    for (const [name, row] of Object.entries(ROWS)) {
      const res = await send(h, b, row.request(b, row.own(b)));
      if (res.statusCode !== row.ok) refused.push(`${name}: B's own id → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });
});
