import {
  FEATURE_LAYER_SERVER_NAMES,
  MOVE_MSG,
  type DataOrganizationInput,
  type DataOrganizationResult,
} from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import { folderChain, isFeatureAdmin } from '../projects/access.js';
import { loadMany, toFeature } from '../features/service.js';
import { addVersions } from '../features/store.js';
import { adminProject, folderIn, layerInOrg, sameDictionary } from './checks.js';
import { recordMove } from './move-activity.js';

type Input = Extract<DataOrganizationInput, { scenario: 'MOVE_FEATURES_TO_LAYER' }>;

/**
 * The selected features of one layer (spec 3 §7). The client names the source layer only for ticket
 * and form layers; otherwise it is the layer the selected features are on, which must be one.
 */
async function selection(trx: Executor, caller: Caller, input: Input) {
  const ids = [...new Set(input.ogc_fid.map((v) => String(v).split('.').pop()!))];
  const rows = await loadMany(trx, caller, ids);
  if (!rows.length || rows.length !== ids.length) throw badRequest(MOVE_MSG.featureNone);
  const sourceLayerId = input.sourceLayerId ?? rows[0].layer_id;
  if (rows.some((r) => r.layer_id !== sourceLayerId))
    throw badRequest(input.sourceLayerId ? MOVE_MSG.featureNone : MOVE_MSG.featureError);
  return { rows, sourceLayerId };
}

/**
 * Moves dictionary features to a vector layer of their geometry in a same-dictionary project: project
 * admin on both sides and feature admin on the source (spec 3 §6). Each moved feature gets an 'Edit'
 * version row with its state before, like any edit, so the move can be undone from the log.
 */
export async function moveFeatures(trx: Executor, caller: Caller, input: Input): Promise<DataOrganizationResult> {
  const { rows, sourceLayerId } = await selection(trx, caller, input);
  const sourceLayer = await layerInOrg(trx, caller, sourceLayerId, MOVE_MSG.featureNone);
  const targetLayer = await layerInOrg(trx, caller, input.layerId, MOVE_MSG.featureNone);
  if (targetLayer.folder_id !== input.folderId || targetLayer.project_id !== input.projectId)
    throw notFound(MOVE_MSG.featureNone);
  const source = await adminProject(
    trx,
    caller,
    sourceLayer.project_id,
    MOVE_MSG.featureNone,
    MOVE_MSG.featurePermissions,
  );
  const target = await adminProject(
    trx,
    caller,
    targetLayer.project_id,
    MOVE_MSG.featureNone,
    MOVE_MSG.featurePermissions,
  );
  const sourceFolder = await folderIn(trx, source.id, sourceLayer.folder_id, MOVE_MSG.featureNone);
  const chain = [
    { type: 'layer' as const, id: sourceLayer.id },
    ...folderChain(source.id, sourceFolder.parent_id ? [sourceFolder.id, sourceFolder.parent_id] : [sourceFolder.id]),
  ];
  if (!isFeatureAdmin(caller, chain)) throw forbidden(MOVE_MSG.featurePermissions);
  if (targetLayer.read_only || sourceLayer.read_only || targetLayer.type !== 'VECTOR' || targetLayer.reference_id)
    throw badRequest(MOVE_MSG.featureError);
  if (targetLayer.id === sourceLayer.id) throw badRequest(MOVE_MSG.featureError);
  if (target.id !== source.id) sameDictionary(source, target);
  // Only dictionary features move (spec 3 §6), and only onto a layer of their geometry.
  if (rows.some((r) => !r.dictionary_id)) throw badRequest(MOVE_MSG.featureDictionary);
  const targetKind = (FEATURE_LAYER_SERVER_NAMES as readonly string[]).includes(targetLayer.server_name ?? '')
    ? targetLayer.server_name
    : (
        await trx
          .selectFrom('features')
          .select('kind')
          .where('layer_id', '=', targetLayer.id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      )?.kind;
  if (targetKind && rows.some((r) => r.kind !== targetKind)) throw badRequest(MOVE_MSG.featureKind);
  await addVersions(
    trx,
    caller,
    'Edit',
    rows.map((r) => ({ id: r.id, before: toFeature(r) })),
  );
  await trx
    .updateTable('features')
    .set({ layer_id: targetLayer.id, project_id: target.id, updated_at: new Date(), updated_by: caller.accountId })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  await bumpLayerDataVersion(trx, [sourceLayer.id, targetLayer.id]);
  // One entry naming every moved feature (spec 3 §5), not one per feature.
  await recordMove(trx, caller, 'Feature', {
    featureIds: rows.map((r) => `${r.kind}.${r.id}`),
    fromProjectId: source.id,
    fromLayerId: sourceLayer.id,
    toProjectId: target.id,
    toLayerId: targetLayer.id,
  });
  return {
    scenario: 'MOVE_FEATURES_TO_LAYER',
    movedLayerIds: [sourceLayer.id, targetLayer.id],
    movedFeatures: rows.length,
    projectIds: [...new Set([source.id, target.id])],
  };
}
