import { LEADER_LAYER, PROJECT_MSG } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { folderActivity, layerActivity } from './activity.js';
import { deleteKeepingFeatures } from './deleted-layers.js';

/** Why a layer may not be deleted, by the layer-delete rules of spec 3 §6. */
export type LayerDeleteBlock = 'readOnly' | 'referenced' | 'shared';

/** The refusal a layer delete gives for each reason. */
export const LAYER_DELETE_MSG: Record<LayerDeleteBlock, string> = {
  readOnly: PROJECT_MSG.layerReadOnly,
  referenced: PROJECT_MSG.layerNotDeletable,
  shared: PROJECT_MSG.layerNotDeletable,
};

/** The refusal a folder delete gives when a layer of its tree is blocked, naming the reason. */
export const FOLDER_DELETE_MSG: Record<LayerDeleteBlock, string> = {
  readOnly: PROJECT_MSG.folderHoldsReadOnlyLayer,
  referenced: PROJECT_MSG.folderHoldsReferencedLayer,
  shared: PROJECT_MSG.folderHoldsSharedLayer,
};

/**
 * Layer-delete rules (spec 3 §6): no referenceId (forms, one-call tickets, leaders), not shared into
 * another project, not read-only. With `withFolder`, a folder's own leader layer is no obstacle: it
 * exists only to hold that folder's leaders, cannot be deleted on its own, and would otherwise make
 * every folder with a leader undeletable. Form and one-call layers still block: their data belongs
 * to a form grant or a ticket feed, not to the folder.
 */
export async function layerDeleteBlock(
  db: Executor,
  layer: { id: string; read_only: boolean; reference_id: string | null },
  withFolder = false,
): Promise<LayerDeleteBlock | null> {
  if (layer.read_only) return 'readOnly';
  if (layer.reference_id && !(withFolder && layer.reference_id === LEADER_LAYER.referenceId)) return 'referenced';
  const shared = await db
    .selectFrom('layer_shares')
    .select('layer_id')
    .where('layer_id', '=', layer.id)
    .executeTakeFirst();
  return shared ? 'shared' : null;
}

type RemovedLayer = { id: string; name: string; project_id: string; folder_id: string; type: string };
type RemovedFolder = { id: string; name: string; project_id: string; parent_id: string | null };

/**
 * Deletes a layer whose rules were checked, in the caller's transaction, with its log entry. Its
 * features are kept, soft-deleted, and the entry holds what restores them (deleted-layers.ts).
 */
export async function removeLayer(trx: Executor, caller: Caller, layer: RemovedLayer): Promise<void> {
  const deletion = await deleteKeepingFeatures(trx, caller, { folderIds: [], layerIds: [layer.id] });
  await recordActivity(trx, actorOf(caller), layerActivity('Delete', layer, { ...deletion }));
}

/** Deletes a folder with its sub-folders and all their layers (rules checked), as removeLayer does. */
export async function removeFolder(
  trx: Executor,
  caller: Caller,
  folder: RemovedFolder,
  { subFolders, layers }: { subFolders: Array<{ id: string }>; layers: Array<{ id: string }> },
): Promise<void> {
  const deletion = await deleteKeepingFeatures(trx, caller, {
    folderIds: [folder.id, ...subFolders.map((f) => f.id)],
    layerIds: layers.map((l) => l.id),
  });
  await recordActivity(trx, actorOf(caller), folderActivity('Delete', folder, { ...deletion }));
}
