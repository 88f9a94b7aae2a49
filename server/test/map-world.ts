import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { FOLDER_TYPES } from '@fieldbook/domain';
import type { Harness } from './harness.js';
import type { SignedIn } from './factories.js';
import { call, field } from './feature-fixtures.js';
import { intruders, type Intruders } from './isolation.js';
import { attach } from './attachment-fixtures.js';
import { addFormRecord, grantForm } from './feature-form-fixtures.js';

type Drawn = { id: string; ogcFid: string };

/**
 * Organization A's map data for the isolation matrix: project P with a feature folder (points,
 * lines, polygons, a leader), a plain folder with two layers (one shared into project Q), an external
 * service, and client keys for the members; plus the usual intruders.
 */
export interface MapWorld extends Intruders {
  h: Harness;
  adminA: SignedIn;
  /** A text only A's data holds; no refused answer may contain it. */
  marker: string;
  dictionaryId: string;
  /** A system of A's dictionary. */
  systemId: string;
  projectId: string;
  projectName: string;
  folderId: string;
  layers: { point: string; line: string; polygon: string };
  plainFolderId: string;
  plainLayerId: string;
  sharedLayerId: string;
  otherProjectId: string;
  otherFolderId: string;
  storeId: string;
  features: { point: Drawn; point2: Drawn; line: Drawn; line2: Drawn; polygon: Drawn; leader: Drawn };
  /** A file attached to the first point, named after the marker. */
  attachmentId: string;
  /** A form granted to project P, and a record of it on the first point holding the marker. */
  formId: string;
  formRecordId: string;
  /** Client keys by member, for the routes external GIS clients call. */
  keys: { adminB: string; viewerA: string; collectorA: string; inactiveA: string };
}

export async function mapWorld(h: Harness): Promise<MapWorld> {
  const marker = `secret-${randomUUID()}`;
  const f = await field(h);
  const adminA = f.admin;
  const others = await intruders(h, adminA.organizationId);
  const ok = <T>(res: { status: number; body: T }, what: string): T => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const draw = async (kind: 'points' | 'lines' | 'polygons', layerId: string, geometry: object): Promise<Drawn> => {
    const body = ok(
      await call(h, adminA, 'POST', `/rest/features/${kind}`, {
        geometry,
        properties: { layer_id: layerId, properties: { note: marker } },
      }),
      `draw ${kind}`,
    );
    return { id: body.id, ogcFid: String(body.properties.ogc_fid) };
  };
  const features = {
    point: await draw('points', f.layer('point'), { type: 'Point', coordinates: [-105, 39] }),
    point2: await draw('points', f.layer('point'), { type: 'Point', coordinates: [-104.9, 39.1] }),
    line: await draw('lines', f.layer('line'), {
      type: 'LineString',
      coordinates: [
        [-105, 39],
        [-104.9, 39.1],
        [-104.8, 39],
      ],
    }),
    line2: await draw('lines', f.layer('line'), {
      type: 'LineString',
      coordinates: [
        [-104.8, 39],
        [-104.7, 39.1],
      ],
    }),
    polygon: await draw('polygons', f.layer('polygon'), {
      type: 'Polygon',
      coordinates: [
        [
          [-105, 39],
          [-104.9, 39],
          [-104.9, 39.1],
          [-105, 39],
        ],
      ],
    }),
  };
  const attachment = await attach(h, adminA, {
    featureId: features.point.id,
    layerId: f.layer('point'),
    name: `${marker}.txt`,
    data: marker,
  });
  const leaderBody = ok(
    await call(h, adminA, 'POST', '/rest/features/leaders', {
      folderId: f.folder.id,
      featureId: features.point.id,
      geometry: {
        type: 'LineString',
        coordinates: [
          [-105, 39],
          [-104.99, 39.01],
        ],
      },
      metadata: { text: marker, color: '#ff8800', vertex: 0, symbol: 'CIRCLE' },
    }),
    'leader',
  );
  const plainFolder = ok(
    await call(h, adminA, 'POST', `/rest/projects/${f.project.id}/folders`, { name: 'Plain' }),
    'plain folder',
  );
  const plainLayer = ok(
    await call(h, adminA, 'POST', `/rest/projects/${f.project.id}/folders/${plainFolder.id}/layers`, { name: 'Mains' }),
    'plain layer',
  );
  const sharedLayer = ok(
    await call(h, adminA, 'POST', `/rest/projects/${f.project.id}/folders/${plainFolder.id}/layers`, {
      name: 'Shared mains',
    }),
    'shared layer',
  );
  const other = ok(
    await call(h, adminA, 'POST', '/rest/projects', { name: 'Other', dataDictionaryId: f.dictionary.id }),
    'project Q',
  );
  const otherFolder = ok(
    await call(h, adminA, 'POST', `/rest/projects/${other.id}/folders`, { name: 'Target' }),
    'folder of Q',
  );
  ok(await call(h, adminA, 'POST', `/rest/projects/share/${otherFolder.id}/${sharedLayer.id}`), 'share');
  // An external service as addStore leaves it, without fetching any capabilities.
  const storeFolder = await h.db
    .insertInto('folders')
    .values({
      project_id: f.project.id,
      parent_id: null,
      name: 'Imagery',
      description: null,
      folder_type: FOLDER_TYPES.wms,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const store = await h.db
    .insertInto('external_stores')
    .values({
      project_id: f.project.id,
      folder_id: storeFolder.id,
      kind: 'WMS',
      capabilities_url: 'https://maps.example.test/wms?REQUEST=GetCapabilities',
      service_url: 'https://maps.example.test/wms',
      username: 'maps',
      password: marker,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { form } = await grantForm(h, { admin: adminA, project: f.project });
  const { record: formRecord } = await addFormRecord(
    h,
    adminA,
    { featureId: features.point.id, formId: form.id, projectId: f.project.id },
    { inspector: marker },
  );
  const key = async (admin: SignedIn, member: SignedIn) =>
    ok(await call(h, admin, 'POST', '/rest/accounts/clientkey', { email: member.email }), 'client key').key as string;
  return {
    h,
    adminA,
    ...others,
    marker,
    dictionaryId: f.dictionary.id,
    systemId: f.electric.id,
    projectId: f.project.id,
    projectName: f.project.name,
    folderId: f.folder.id,
    layers: { point: f.layer('point'), line: f.layer('line'), polygon: f.layer('polygon') },
    plainFolderId: plainFolder.id,
    plainLayerId: plainLayer.id,
    sharedLayerId: sharedLayer.id,
    otherProjectId: other.id,
    otherFolderId: otherFolder.id,
    storeId: store.id,
    features: { ...features, leader: { id: leaderBody.id, ogcFid: String(leaderBody.properties.ogc_fid) } },
    attachmentId: attachment.File_ID,
    formId: form.id,
    formRecordId: formRecord.id,
    keys: {
      adminB: await key(others.adminB, others.adminB),
      viewerA: await key(adminA, others.viewerA),
      collectorA: await key(adminA, others.collectorA),
      inactiveA: await key(adminA, others.inactiveA),
    },
  };
}

/** Every map row of organization A (projects, folders, layers, shares, stores, features and their versions, attachments, form records, permissions), as JSON text per table. */
export async function mapSnapshot(w: MapWorld): Promise<Record<string, string[]>> {
  const org = w.adminA.organizationId;
  const projectIds = (
    await w.h.db.selectFrom('projects').select('id').where('organization_id', '=', org).execute()
  ).map((p) => p.id);
  const rows = async (table: string, where: ReturnType<typeof sql>) =>
    (
      await sql<{
        row: string;
      }>`select to_jsonb(t)::text as row from ${sql.table(table)} t where ${where} order by 1`.execute(w.h.db)
    ).rows.map((r) => r.row);
  const inProjects = sql`t.project_id in (${sql.join(projectIds)})`;
  return {
    projects: await rows('projects', sql`t.organization_id = ${org}`),
    permissions: await rows('permissions', sql`t.organization_id = ${org}`),
    ...Object.fromEntries(
      await Promise.all(
        ['folders', 'layers', 'layer_shares', 'external_stores', 'features', 'attachments'].map(async (t) => [
          t,
          await rows(t, inProjects),
        ]),
      ),
    ),
    featureForms: await rows('feature_forms', sql`t.organization_id = ${org}`),
    versions: await rows(
      'feature_versions',
      sql`t.feature_id in (select id from features where project_id in (${sql.join(projectIds)}))`,
    ),
  };
}
