import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { canView, folderChain } from './access.js';

/**
 * A layer of `projectId` shared into a folder the caller may view (spec 3 §3 sharedLayers) is
 * readable through its own service path, so viewers of the target project see it drawn even
 * without rights on the source project. Null when no such share exists.
 */
export async function layerSharedWithCaller(
  db: Executor,
  caller: Caller,
  projectId: string,
  layerId: string,
  types: readonly string[] = ['VECTOR'],
) {
  const rows = await db
    .selectFrom('layer_shares')
    .innerJoin('layers', 'layers.id', 'layer_shares.layer_id')
    .innerJoin('folders', 'folders.id', 'layer_shares.folder_id')
    .innerJoin('projects', 'projects.id', 'layer_shares.project_id')
    .select([
      'layers.id',
      'layers.name',
      'layers.server_name',
      'layers.type',
      'layers.is_active',
      'folders.id as folder_id',
      'folders.parent_id',
      'folders.project_id',
    ])
    .where('layer_shares.layer_id', '=', layerId)
    .where('layers.project_id', '=', projectId)
    .where('projects.organization_id', '=', caller.organizationId)
    .execute();
  const visible = rows.find((r) =>
    canView(caller, folderChain(r.project_id, r.parent_id ? [r.folder_id, r.parent_id] : [r.folder_id])),
  );
  if (!visible || !types.includes(visible.type) || !visible.is_active) return null;
  return { id: visible.id, name: visible.name, kind: visible.server_name };
}
