import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import type { SignedIn } from './factories.js';
import { expectRefused, naming, routeTable } from './isolation.js';
import { mapSnapshot, mapWorld, type MapWorld } from './map-world.js';

/**
 * Every route of the map areas (projects, features, data organization, external services, OGC)
 * called on organization A's data by those who may not: an admin of organization B (with and
 * without naming A), a viewer where editing is needed, a data collector where an editor is needed,
 * an inactive member and a signed-out caller. Each is refused (401/403/404, none of A's data) and
 * nothing of A changes. The routes come from the app's route table: a new map route fails the first
 * test until it has a row below.
 */
const MAP_PREFIXES = [
  '/rest/projects',
  '/rest/features',
  '/rest/data-organization',
  '/rest/styles/geo/layer',
  '/search/features',
  '/api/MapFile',
];

/** What a route needs: 'list' answers anyone with only what they may see; 'view' any active member with
 * view rights; 'collect' a data collector or editor (features); 'edit' an editor (structure, shares, moves). */
type Need = 'list' | 'view' | 'collect' | 'edit';
interface Row {
  need: Need;
  /** Path parameters beyond the defaults of `defaults` below. */
  params?: (w: MapWorld) => Record<string, string>;
  query?: (w: MapWorld) => Record<string, string>;
  body?: (w: MapWorld) => object;
  /** An XML document as the body instead (WFS-T as OGC clients send it). */
  xml?: (w: MapWorld) => string;
  /** Public route of external GIS clients: the caller is the owner of `?key=`. */
  key?: true;
  /** B working in B, naming A's object only in the body, gets the answer of an unknown id: this 400 message. */
  unknownToB?: string;
}

const defaults = (w: MapWorld): Record<string, string> => ({
  projectId: w.projectId,
  folderId: w.folderId,
  layerId: w.layers.point,
  storeId: w.storeId,
  orgId: w.adminA.organizationId,
});
const project = (w: MapWorld) => ({ id: w.projectId });
const attachment = (w: MapWorld) => ({ id: w.attachmentId });
const formRecord = (w: MapWorld) => ({ id: w.formRecordId });
const plainLayer = (w: MapWorld) => ({ folderId: w.plainFolderId, id: w.plainLayerId });
const move = (w: MapWorld) => ({
  scenario: 'MOVE_LAYER_TO_FOLDER',
  projectId: w.otherProjectId,
  folderId: w.otherFolderId,
  layerId: w.plainLayerId,
});
const leader = (w: MapWorld) => ({
  featureId: w.features.point.id,
  geometry: {
    type: 'LineString',
    coordinates: [
      [-105, 39],
      [-104, 38],
    ],
  },
  metadata: { text: 'Hacked', color: '#000000', vertex: 0, symbol: 'CIRCLE' },
});
const store = (kind: string) => () => ({ [`${kind}Store`]: { capabilitiesURL: 'https://maps.example.test/service' } });
const wms = () => ({ SERVICE: 'WMS', REQUEST: 'GetCapabilities' });
/** A WFS-T deleting A's first point. */
const wfsDelete = (w: MapWorld) =>
  `<wfs:Transaction service="WFS" version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0">` +
  `<wfs:Delete typeName="fb:layer_${w.layers.point.replace(/-/g, '')}"><fes:Filter><fes:ResourceId rid="${w.features.point.id}"/></fes:Filter></wfs:Delete></wfs:Transaction>`;

type Kind = 'point' | 'line' | 'polygon';
const geometryOf = (kind: Kind) =>
  kind === 'point'
    ? { type: 'Point', coordinates: [-100, 40] }
    : kind === 'line'
      ? {
          type: 'LineString',
          coordinates: [
            [-100, 40],
            [-99, 41],
          ],
        }
      : {
          type: 'Polygon',
          coordinates: [
            [
              [-100, 40],
              [-99, 40],
              [-99, 41],
              [-100, 40],
            ],
          ],
        };
/** A feature drawn into A's layer of that kind; with `id`, the edit of that feature. */
const drawing = (w: MapWorld, kind: Kind, id?: string) => ({
  ...(id ? { id } : {}),
  geometry: geometryOf(kind),
  properties: { layer_id: w.layers[kind] },
});
const byKind = (path: string, kind: Kind): Record<string, Row> => ({
  [`POST /rest/features/${path}`]: { need: 'collect', body: (w) => drawing(w, kind) },
  [`PUT /rest/features/${path}`]: { need: 'collect', body: (w) => drawing(w, kind, w.features[kind].id) },
  [`GET /rest/features/${path}/{id}`]: { need: 'view', params: (w) => ({ id: w.features[kind].ogcFid }) },
  [`DELETE /rest/features/${path}/{id}`]: { need: 'collect', params: (w) => ({ id: w.features[kind].ogcFid }) },
});

const ROWS: Record<string, Row> = {
  'GET /rest/projects': { need: 'list' },
  'GET /rest/projects/list': { need: 'list', query: (w) => ({ projectIds: w.projectId }) },
  'GET /rest/projects/summaries': { need: 'list' },
  'GET /rest/projects/{id}': { need: 'view', params: project },
  'POST /rest/projects': {
    need: 'edit',
    body: (w) => ({ name: 'Intruder project', dataDictionaryId: w.dictionaryId }),
    unknownToB: 'app.project.error.dictionary.required',
  },
  'PUT /rest/projects': {
    need: 'edit',
    body: (w) => ({ id: w.projectId, name: 'Hacked', dataDictionaryId: w.dictionaryId }),
  },
  'DELETE /rest/projects/{id}': { need: 'edit', params: project },
  // Layers one may not read are left out of the answer (an empty object for an outsider).
  'POST /rest/projects/layerExtents': { need: 'list', body: (w) => ({ layerIds: [w.layers.point, w.layers.line] }) },
  'GET /rest/projects/layerExtent/{id}': { need: 'view', params: (w) => ({ id: w.layers.point }) },
  'POST /rest/projects/share/{folderId}/{layerId}': {
    need: 'edit',
    params: (w) => ({ folderId: w.otherFolderId, layerId: w.plainLayerId }),
  },
  'DELETE /rest/projects/share/{folderId}/{layerId}': {
    need: 'edit',
    params: (w) => ({ folderId: w.otherFolderId, layerId: w.sharedLayerId }),
  },
  'DELETE /rest/projects/{id}/geo': { need: 'edit', params: project },
  'GET /rest/projects/profile/check/it': { need: 'list' },
  'GET /rest/projects/viewableArtifactIds': { need: 'list' },
  'POST /rest/projects/{projectId}/foldertype/{type}/layers/{refId}': {
    need: 'edit',
    params: () => ({ type: '1', refId: 'tickets' }),
    body: () => ({ name: 'Intruder tickets' }),
  },
  'GET /rest/styles/geo/layer/{layerId}/style': { need: 'view' },
  // Search (issue #13): {orgId} is A's; a search finds the marker only in layers the caller may view.
  'POST /search/features/{orgId}': { need: 'view', body: (w) => ({ search: w.marker }) },
  'GET /search/features/mappings/{orgId}': { need: 'view', query: (w) => ({ layerId: w.layers.point }) },
  'POST /search/features/agg/fieldvalues/{orgId}': {
    need: 'view',
    query: (w) => ({ layerId: w.layers.point }),
    body: () => ({ field: 'system' }),
  },
  'POST /search/features/agg/fields': { need: 'list', body: (w) => ({ search: w.marker }) },
  'POST /search/features/agg/suggestions': { need: 'list', body: (w) => ({ search: w.marker }) },
  'POST /search/features/export/{type}/{id}': {
    need: 'view',
    params: (w) => ({ type: 'layer', id: w.layers.point }),
    body: (w) => ({ format: 'CSV', fileName: 'found', email: 'a@example.test', query: { search: w.marker } }),
  },
  'PUT /rest/styles/geo/layer/{layerId}/style': {
    need: 'edit',
    body: (w) => ({ dictionaryId: w.dictionaryId, systemId: w.systemId }),
  },
  'GET /rest/projects/{projectId}/folders': { need: 'view' },
  'POST /rest/projects/{projectId}/folders': { need: 'edit', body: () => ({ name: 'Intruder folder' }) },
  'PUT /rest/projects/{projectId}/folders/': { need: 'edit', body: (w) => ({ id: w.plainFolderId, name: 'Hacked' }) },
  'DELETE /rest/projects/{projectId}/folders/{id}': { need: 'edit', params: (w) => ({ id: w.plainFolderId }) },
  'POST /rest/projects/{projectId}/addFeatureFolder': { need: 'edit', body: () => ({ name: 'Intruder features' }) },
  'GET /rest/projects/{projectId}/folders/{folderId}/layers': { need: 'view' },
  // An upload URL lets its holder create a layer in the folder: only those who may create layers there get one.
  'GET /rest/projects/signedurl/{folderId}/{ext}/{type}/{method}': {
    need: 'edit',
    params: (w) => ({ folderId: w.plainFolderId, ext: 'geojson', type: 'VECTOR', method: 'WFS' }),
  },
  'POST /rest/projects/{projectId}/folders/{folderId}/layers': {
    need: 'edit',
    body: () => ({ name: 'Intruder layer' }),
  },
  'PUT /rest/projects/{projectId}/folders/{folderId}/layers': {
    need: 'edit',
    body: (w) => ({ id: w.layers.point, name: 'Hacked' }),
  },
  'GET /rest/projects/{projectId}/folders/{folderId}/layers/{id}': {
    need: 'view',
    params: (w) => ({ id: w.layers.point }),
  },
  'DELETE /rest/projects/{projectId}/folders/{folderId}/layers/{id}': { need: 'edit', params: plainLayer },
  'PUT /rest/projects/{projectId}/folders/{folderId}/layers/{id}/disable': { need: 'edit', params: plainLayer },
  'POST /rest/data-organization': { need: 'edit', body: move },
  'PUT /rest/data-organization/data-organization-sqs': { need: 'edit', body: move },
  'POST /rest/projects/{id}/wmsstore': { need: 'edit', params: project, body: store('wms') },
  'POST /rest/projects/{id}/wmtsstore': { need: 'edit', params: project, body: store('wmts') },
  'DELETE /rest/projects/{id}/store/{storeId}': { need: 'edit', params: project },
  'GET /rest/projects/{id}/store/{storeId}/proxy': { need: 'view', params: project, query: wms },
  ...byKind('points', 'point'),
  ...byKind('lines', 'line'),
  ...byKind('polygons', 'polygon'),
  'POST /rest/features': { need: 'collect', body: (w) => drawing(w, 'point') },
  'PUT /rest/features': { need: 'collect', body: (w) => drawing(w, 'point', w.features.point.id) },
  'GET /rest/features/{id}': { need: 'view', params: (w) => ({ id: w.features.point.id }) },
  'DELETE /rest/features/{id}': { need: 'collect', params: (w) => ({ id: w.features.point.id }) },
  'PUT /rest/features/fn/line/removevertex/collected/{id}/{vertex}': {
    need: 'collect',
    params: (w) => ({ id: w.features.line.id, vertex: '1' }),
  },
  'POST /rest/features/fn/line/split/{id}/{vertex}': {
    need: 'collect',
    params: (w) => ({ id: w.features.line.id, vertex: '1' }),
  },
  'POST /rest/features/fn/line/join/points': {
    need: 'collect',
    body: (w) => ({ featureIds: [w.features.point.id, w.features.point2.id], layerId: w.layers.line }),
  },
  'POST /rest/features/fn/line/join/{id1}/{id2}': {
    need: 'collect',
    params: (w) => ({ id1: w.features.line.id, id2: w.features.line2.id }),
  },
  'POST /rest/features/tx/{layerId}': { need: 'collect', body: (w) => ({ xml: wfsDelete(w) }) },
  // Undelete of a live feature: refused for those who may not restore, before it can say "not deleted".
  'POST /rest/features/restore/{featureId}': {
    need: 'collect',
    params: (w) => ({ featureId: w.features.point.id }),
    body: () => ({}),
  },
  'POST /rest/projects/{projectId}/folders/{folderId}/layers/{layerId}/geo/wfs': { need: 'collect', xml: wfsDelete },
  // Attachments (issue #15): the list, the zip and the /api/MapFile calls on A's file of the first point.
  'GET /rest/features/{featureId}/attachments': { need: 'view', params: (w) => ({ featureId: w.features.point.id }) },
  'GET /rest/features/attachments/{featureId}': { need: 'view', params: (w) => ({ featureId: w.features.point.id }) },
  'POST /api/MapFile/Create': {
    need: 'collect',
    query: (w) => ({
      NewID: randomUUID(),
      FileName: 'intruder.txt',
      TableID: w.layers.point,
      FeatureID: w.features.point.id,
    }),
    body: () => ({ intruder: true }),
  },
  'GET /api/MapFile/GetFile/{id}': { need: 'view', params: attachment, query: () => ({ NoRedirect: '1' }) },
  'GET /api/MapFile/HeadFile/{id}': { need: 'view', params: attachment, query: () => ({ NoRedirect: '1' }) },
  'PUT /api/MapFile/Meta/{id}': { need: 'collect', params: attachment, body: () => ({ note: 'Hacked' }) },
  'POST /api/MapFile/Delete/{id}': { need: 'collect', params: attachment },
  // Answers false for any file the caller's organization does not hold: it tells an outsider nothing.
  'GET /api/MapFile/CheckFileExists/ForRestoration/{id}': { need: 'list', params: attachment },
  // Forms on features (issue #15): A's record on the first point, its form, the form page and the PDF.
  'GET /rest/features/{id}/forms': { need: 'view', params: (w) => ({ id: w.features.point.id }) },
  'DELETE /rest/features/{id}/forms': { need: 'collect', params: (w) => ({ id: w.features.point.id }) },
  'GET /rest/features/{id}/forms/available': { need: 'view', params: (w) => ({ id: w.features.point.id }) },
  'POST /rest/features/forms': {
    need: 'collect',
    body: (w) => ({
      featureId: w.features.point.id,
      formId: w.formId,
      projectId: w.projectId,
      data: [{ id: 'inspector', value: 'Intruder' }],
    }),
  },
  'GET /rest/features/forms/{id}': { need: 'view', params: formRecord },
  'PUT /rest/features/forms/{id}': { need: 'collect', params: formRecord, body: () => ({ data: [] }) },
  'DELETE /rest/features/forms/{id}': { need: 'collect', params: formRecord },
  // Another organization's form is unknown to B: the answer of a form that is gone (invalid form).
  'GET /rest/features/forms/view-url/{formId}': {
    need: 'view',
    params: (w) => ({ formId: w.formId }),
    unknownToB: 'app.form.invalid',
  },
  'POST /rest/features/project/{projectId}/feature/{id}/pdf': {
    need: 'view',
    params: (w) => ({ id: w.features.point.id }),
  },
  'GET /rest/features/leaders': { need: 'view', query: (w) => ({ projectId: w.projectId }) },
  'POST /rest/features/leaders': { need: 'collect', body: (w) => ({ ...leader(w), folderId: w.folderId }) },
  'PUT /rest/features/leaders/{id}': { need: 'collect', params: (w) => ({ id: w.features.leader.id }), body: leader },
  'DELETE /rest/features/leaders/{id}': { need: 'collect', params: (w) => ({ id: w.features.leader.id }) },
  'GET /rest/projects/{projectId}/folders/{folderId}/layers/{layerId}/geo/wfs': {
    need: 'view',
    query: () => ({ SERVICE: 'WFS', REQUEST: 'GetCapabilities' }),
  },
  'GET /rest/projects/{projectId}/folders/{folderId}/layers/{layerId}/geo/wms': { need: 'view', query: wms },
  'GET /rest/projects/{projectId}/folders/{folderId}/layers/{layerId}/geo/info': {
    need: 'view',
    query: () => ({ CRS: 'EPSG:4326', BBOX: '38,-106,40,-104', WIDTH: '256', HEIGHT: '256', I: '128', J: '128' }),
  },
  'GET /rest/projects/{projectId}/folders/{folderId}/layers/{layerId}/geo/wmts/{z}/{x}/{y}': {
    need: 'view',
    params: () => ({ z: '3', x: '1', y: '3.png' }),
  },
  'POST /rest/projects/{projectId}/geo/info': {
    need: 'view',
    body: (w) => ({
      layerIds: [w.layers.point],
      crs: 'EPSG:4326',
      bbox: [-106, 38, -104, 40],
      width: 256,
      height: 256,
      i: 128,
      j: 128,
    }),
  },
  'GET /rest/projects/ogc/{projectId}/wfs': {
    need: 'view',
    key: true,
    query: () => ({ SERVICE: 'WFS', REQUEST: 'GetCapabilities' }),
  },
  'GET /rest/projects/ogc/{projectId}/wms': { need: 'view', key: true, query: wms },
  'POST /rest/projects/ogc/{projectId}/wfs': { need: 'collect', key: true, xml: wfsDelete },
  'GET /rest/projects/{projectId}/folders/{folderId}/layers/{layerId}/geo/wmts': {
    need: 'view',
    query: () => ({ SERVICE: 'WMTS', REQUEST: 'GetCapabilities' }),
  },
  'GET /rest/projects/{projectId}/folders/{folderId}/layers/{layerId}/geo/wmts/WMTSCapabilities.xml': { need: 'view' },
  'GET /rest/projects/ogc/{projectId}/wmts': { need: 'view', key: true },
  'GET /rest/projects/ogc/{projectId}/wmts/WMTSCapabilities.xml': { need: 'view', key: true },
  'GET /rest/projects/ogc/{projectId}/wmts/1.0.0/WMTSCapabilities.xml': { need: 'view', key: true },
  'GET /rest/projects/ogc/{projectId}/wmts/{layer}/{z}/{x}/{y}': {
    need: 'view',
    key: true,
    params: (w) => ({ layer: w.layers.point, z: '3', x: '1', y: '3.png' }),
  },
  'GET /rest/projects/{projectId}/folders/{folderId}/layers/{layerId}/tiles/{z}/{x}/{y}': {
    need: 'view',
    params: () => ({ z: '3', x: '1', y: '3.mvt' }),
  },
  'GET /rest/projects/ogc/{projectId}/tiles/{z}/{x}/{y}': {
    need: 'view',
    key: true,
    params: () => ({ z: '3', x: '1', y: '3.mvt' }),
  },
  ...ogcApiRows(),
};

/** OGC API – Features of a project (client keys): every resource, the collection named by A's point layer. */
function ogcApiRows(): Record<string, Row> {
  const root = 'GET /rest/projects/ogc/{projectId}/ogcapi';
  const collection = (w: MapWorld) => ({ collectionId: w.layers.point });
  const rows: Record<string, Row> = {};
  for (const path of ['', '/api', '/conformance', '/collections']) rows[root + path] = { need: 'view', key: true };
  for (const path of ['', '/queryables', '/schema', '/items'])
    rows[`${root}/collections/{collectionId}${path}`] = { need: 'view', key: true, params: collection };
  rows[`${root}/collections/{collectionId}/items/{featureId}`] = {
    need: 'view',
    key: true,
    params: (w) => ({ ...collection(w), featureId: w.features.point.ogcFid }),
  };
  return rows;
}

type Who = 'adminB' | 'viewerA' | 'collectorA' | 'inactiveA';
interface Caller {
  who: string;
  as: Who | null;
  orgA?: true;
  refused: (need: Need) => boolean;
}
const CALLERS: Caller[] = [
  // Without orgId B works in B: what names A's objects is refused, lists only ever show B's.
  { who: 'admin of B', as: 'adminB', refused: (need) => need !== 'list' },
  { who: 'admin of B naming A', as: 'adminB', orgA: true, refused: () => true },
  { who: 'viewer of A', as: 'viewerA', refused: (need) => need === 'collect' || need === 'edit' },
  { who: 'data collector of A', as: 'collectorA', refused: (need) => need === 'edit' },
  { who: 'inactive member of A', as: 'inactiveA', refused: () => true },
  { who: 'signed out', as: null, refused: () => true },
];

/** One call of a row by a caller, `params` overriding the path parameters. */
function send(
  w: MapWorld,
  route: string,
  row: Row,
  caller: { as: Who | null; orgA?: true; user?: SignedIn },
  params: Record<string, string> = {},
) {
  const [method, template] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const values = { ...defaults(w), ...row.params?.(w), ...params };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(values[name]);
  });
  const key = row.key && caller.as ? w.keys[caller.as] : undefined;
  const query = new URLSearchParams({ ...row.query?.(w), ...(key ? { key } : {}) }).toString();
  const url = query ? `${path}?${query}` : path;
  const user = caller.user ?? (caller.as ? w[caller.as] : null);
  return w.h.app.inject({
    method,
    url: caller.orgA ? naming(url, w.adminA.organizationId) : url,
    headers: { ...(user ? user.auth : {}), ...(row.xml ? { 'content-type': 'application/xml' } : {}) },
    ...(row.body ? { payload: row.body(w) } : row.xml ? { payload: row.xml(w) } : {}),
  });
}

const secretsOf = (w: MapWorld) => [w.marker, w.projectName, w.projectId, w.layers.point, w.layers.line];

describe('tenant isolation of the map routes', () => {
  // The worker's app starts within the hook timeout, not a test's.
  beforeAll(async () => void (await harness()));

  it('has a row for every map route of the route table, and none for a route that is gone', async () => {
    const routes = routeTable((await harness()).app, MAP_PREFIXES);
    expect(
      routes.filter((r) => !ROWS[r]),
      'map routes without a row in ROWS',
    ).toEqual([]);
    expect(
      Object.keys(ROWS).filter((r) => !routes.includes(r)),
      'rows of routes that no longer exist',
    ).toEqual([]);
  });

  it('refuses outsiders, lower roles, inactive members and anonymous callers, and changes nothing', async () => {
    const w = await mapWorld(await harness());
    const before = await mapSnapshot(w);
    for (const caller of CALLERS) {
      for (const [route, row] of Object.entries(ROWS)) {
        // Allowed calls are left out (a collector may draw); only lists are read as B, for leaks.
        const listAsB = caller.as === 'adminB' && !caller.orgA && row.need === 'list';
        if (!caller.refused(row.need) && !listAsB) continue;
        const res = await send(w, route, row, caller);
        const label = `${caller.who}: ${route}`;
        const unknownToB = caller.as === 'adminB' && !caller.orgA && row.unknownToB && res.statusCode === 400;
        if (unknownToB) expect(res.json().message, label).toBe(row.unknownToB);
        else if (caller.refused(row.need)) expectRefused(res, label, secretsOf(w));
        else {
          expect(res.statusCode, label).toBe(200);
          for (const secret of secretsOf(w)) expect(res.body, `${label} leaks ${secret}`).not.toContain(secret);
        }
      }
    }
    expect(await mapSnapshot(w)).toEqual(before);
  }, 300_000); // six callers times every route

  it('lets the lowest role a read needs through, so the refusals above are not vacuous', async () => {
    const w = await mapWorld(await harness());
    for (const [route, row] of Object.entries(ROWS).filter(
      ([r, row]) => r.startsWith('GET ') && row.need !== 'collect' && row.need !== 'edit',
    )) {
      const res = await send(w, route, row, { as: 'viewerA' });
      expect(res.statusCode, `viewer of A: ${route} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect([401, 403, 404], `viewer of A: ${route} → ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
    }
  });

  it('answers 404 for a layer path whose folder or project does not hold the layer', async () => {
    const w = await mapWorld(await harness());
    const before = await mapSnapshot(w);
    for (const [route, row] of Object.entries(ROWS).filter(([r]) =>
      /\/folders\/\{folderId\}\/layers\/\{(id|layerId)\}/.test(r),
    )) {
      const own = { ...defaults(w), ...row.params?.(w) };
      const wrongFolder = own.folderId === w.folderId ? w.plainFolderId : w.folderId;
      for (const params of [
        { folderId: wrongFolder },
        { projectId: w.otherProjectId, folderId: w.otherFolderId },
      ] as Array<Record<string, string>>) {
        const res = await send(w, route, row, { as: null, user: w.adminA }, params);
        expect(res.statusCode, `${route} with ${JSON.stringify(params)} → ${res.body.slice(0, 200)}`).toBe(404);
      }
    }
    expect(await mapSnapshot(w)).toEqual(before);
  });
});
