import { sql } from 'kysely';
import {
  FEATURE_MSG,
  LEADER_LAYER,
  LEADER_MSG,
  anchorVertexCount,
  type AssetRef,
  type Geometry,
  type LeaderInput,
  type LeaderUpdate,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import {
  canCreateFeature,
  canEditFeature,
  canView,
  folderChain,
  isFeatureAdmin,
  projectOf,
} from '../projects/access.js';
import { layerContext, load, parseFeatureId, toFeature } from './service.js';
import { addVersion, insertFeature, logFeatures, softDelete } from './store.js';

const asMultiLine = (g: LeaderInput['geometry']) =>
  g.type === 'LineString' ? { type: 'MultiLineString', coordinates: [g.coordinates] } : g;

/** The leader layer of a folder, created with the first leader (spec 3 §3: serverName and referenceId 'leader'). */
async function leaderLayerOf(trx: Executor, folder: { id: string; project_id: string }): Promise<string> {
  const existing = await trx
    .selectFrom('layers')
    .select('id')
    .where('folder_id', '=', folder.id)
    .where('reference_id', '=', LEADER_LAYER.referenceId)
    .executeTakeFirst();
  if (existing) return existing.id;
  // A user's own layer may already be called "Leaders"; the leader layer then takes the next free name.
  const taken = new Set(
    (
      await trx
        .selectFrom('layers')
        .select(sql<string>`lower(name)`.as('name'))
        .where('folder_id', '=', folder.id)
        .execute()
    ).map((l) => l.name),
  );
  let name: string = LEADER_LAYER.name;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${LEADER_LAYER.name} ${n}`;
  const row = await trx
    .insertInto('layers')
    .values({
      project_id: folder.project_id,
      folder_id: folder.id,
      name,
      description: null,
      type: 'VECTOR',
      server_name: LEADER_LAYER.serverName,
      reference_id: LEADER_LAYER.referenceId,
      mobile_preferred_method: null,
      style_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The anchor vertex indexes the vertices of the feature the leader points at (spec 3 §5: first,
 * 2..n-1, last), or of the leader itself when it points at none; it must exist. The anchored feature
 * must be one the caller can see in the leader's project.
 */
async function checkedAnchor(
  deps: Deps,
  caller: Caller,
  projectId: string,
  input: Pick<LeaderInput, 'featureId' | 'geometry' | 'metadata'>,
  storedFeatureId?: string,
) {
  let geometry: Geometry = input.geometry;
  const featureId = input.featureId ?? storedFeatureId;
  if (featureId) {
    const parsed = parseFeatureId(featureId);
    // A stored anchor deleted since no longer counts; a newly named one must exist.
    const anchored = await load(deps.db, caller, parsed.id, parsed.kind || undefined).catch((err) => {
      if (input.featureId) throw err;
      return null;
    });
    if (anchored && anchored.project_id !== projectId) throw badRequest(FEATURE_MSG.geometryInvalid);
    if (anchored) geometry = JSON.parse(anchored.geometry) as Geometry;
  }
  if (input.metadata.vertex >= anchorVertexCount(geometry)) throw badRequest(LEADER_MSG.vertexOutOfRange);
}

/** Draws a leader in a folder: create-feature rights there; the folder's leader layer appears on demand. */
export async function createLeader(deps: Deps, caller: Caller, input: LeaderInput) {
  const folder = await deps.db
    .selectFrom('folders')
    .innerJoin('projects', 'projects.id', 'folders.project_id')
    .select(['folders.id', 'folders.parent_id', 'folders.project_id', 'projects.organization_id'])
    .where('folders.id', '=', input.folderId)
    .executeTakeFirst();
  if (!folder || folder.organization_id !== caller.organizationId) throw notFound();
  const chain = folderChain(folder.project_id, folder.parent_id ? [folder.id, folder.parent_id] : [folder.id]);
  if (!canView(caller, chain)) throw notFound();
  if (!canCreateFeature(caller, chain)) throw forbidden();
  await checkedAnchor(deps, caller, folder.project_id, input);
  const id = await deps.db.transaction().execute(async (trx) => {
    const layerId = await leaderLayerOf(trx, folder);
    const layer = await trx
      .selectFrom('layers')
      .select('read_only')
      .where('id', '=', layerId)
      .executeTakeFirstOrThrow();
    if (layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
    await trx.updateTable('folders').set({ leaders_enabled: true }).where('id', '=', folder.id).execute();
    // The leader layer made on demand is part of this write: its one entry is the leader's Add.
    const leaderId = await insertFeature(trx, caller, {
      kind: 'leader',
      layer_id: layerId,
      project_id: folder.project_id,
      geometry: asMultiLine(input.geometry),
      dictionary_id: null,
      system_id: null,
      component_id: null,
      attributes: [],
      metadata: { ...input.metadata, ...(input.featureId ? { featureId: input.featureId } : {}) },
      properties: {},
    });
    await logFeatures(trx, caller, 'Add', [leaderId]);
    return leaderId;
  });
  return { ...toFeature(await load(deps.db, caller, id)), isLeader: true };
}

async function leaderFor(deps: Deps, caller: Caller, idText: string) {
  const parsed = parseFeatureId(idText);
  const row = await load(deps.db, caller, parsed.id, parsed.kind || undefined);
  if (row.kind !== 'leader') throw badRequest(LEADER_MSG.notLeader);
  const { layer, chain } = await layerContext(deps.db, caller, row.layer_id);
  if (layer.read_only) throw forbidden(FEATURE_MSG.layerReadOnly);
  return { row, chain: [{ type: 'feature', id: String(row.id) }, ...chain] as AssetRef[] };
}

/** Leader edit needs edit-feature (spec 3 §6). */
export async function updateLeader(deps: Deps, caller: Caller, idText: string, input: LeaderUpdate) {
  const { row, chain } = await leaderFor(deps, caller, idText);
  if (!canEditFeature(caller, chain)) throw forbidden();
  const previous = (row.metadata ?? {}) as Record<string, unknown>;
  await checkedAnchor(
    deps,
    caller,
    row.project_id,
    input,
    typeof previous.featureId === 'string' ? previous.featureId : undefined,
  );
  await deps.db.transaction().execute(async (trx) => {
    await addVersion(trx, caller, row.id, 'Edit', toFeature(row));
    await trx
      .updateTable('features')
      .set({
        geom: sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(asMultiLine(input.geometry))}), 4326)`,
        metadata: JSON.stringify({
          ...previous,
          ...input.metadata,
          ...(input.featureId ? { featureId: input.featureId } : {}),
        }),
        updated_at: new Date(),
        updated_by: caller.accountId,
      })
      .where('id', '=', row.id)
      .execute();
    await bumpLayerDataVersion(trx, [row.layer_id]);
    await logFeatures(trx, caller, 'Edit', [row.id]);
  });
  return { ...toFeature(await load(deps.db, caller, row.id)), isLeader: true };
}

/** Leader delete needs feature-admin (spec 3 §6). */
export async function deleteLeader(deps: Deps, caller: Caller, idText: string) {
  const { row, chain } = await leaderFor(deps, caller, idText);
  if (!isFeatureAdmin(caller, chain)) throw forbidden();
  await deps.db.transaction().execute(async (trx) => {
    await addVersion(trx, caller, row.id, 'Delete', toFeature(row));
    await softDelete(trx, caller, row);
    await logFeatures(trx, caller, 'Delete', [row.id]);
  });
}

/** The leaders of a project's folders the caller can see, as one GeoJSON collection for the map. */
export async function listLeaders(deps: Deps, caller: Caller, projectId: string) {
  const project = await projectOf(deps.db, caller, projectId);
  const rows = await deps.db
    .selectFrom('features')
    .innerJoin('layers', 'layers.id', 'features.layer_id')
    .innerJoin('folders', 'folders.id', 'layers.folder_id')
    .select([
      'features.id',
      'features.metadata',
      'features.layer_id',
      'layers.folder_id',
      'folders.parent_id',
      'folders.leaders_enabled',
      sql<string>`ST_AsGeoJSON(features.geom, 9)`.as('geometry'),
    ])
    .where('features.project_id', '=', project.id)
    .where('features.organization_id', '=', caller.organizationId)
    .where('features.kind', '=', 'leader')
    .where('features.deleted_at', 'is', null)
    .orderBy('features.id')
    .execute();
  const visible = rows.filter(
    (r) =>
      r.leaders_enabled &&
      canView(caller, [
        { type: 'layer', id: r.layer_id },
        ...folderChain(project.id, r.parent_id ? [r.folder_id, r.parent_id] : [r.folder_id]),
      ]),
  );
  return {
    type: 'FeatureCollection' as const,
    features: visible.map((r) => ({
      type: 'Feature' as const,
      id: `leader.${r.id}`,
      isLeader: true,
      geometry: JSON.parse(r.geometry),
      properties: {
        layer_id: r.layer_id,
        folder_id: r.folder_id,
        project_id: project.id,
        metadata: JSON.stringify(r.metadata ?? {}),
      },
    })),
  };
}
