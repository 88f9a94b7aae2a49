import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { isAdminOf, projectChain, projectOf, requireRight } from '../projects/access.js';
import { bumpLayerDataVersion } from './data-version.js';
import { dropSnapshotsOf } from './point-snapshot.js';
import { tileCache } from './tile-cache.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { projectActivity } from '../projects/activity.js';

/**
 * DELETE /rest/projects/{id}/geo: drops a project's published map-service state so it is rebuilt
 * from the data. Bumping the layers' data versions makes every server process miss its cached tiles
 * and snapshots; this process also frees its entries at once. Project admins only.
 */
export async function resetProjectMapServices(
  deps: Deps,
  caller: Caller,
  projectId: string,
): Promise<{ layers: number; tiles: number }> {
  const project = await projectOf(deps.db, caller, projectId);
  requireRight(isAdminOf(caller, projectChain(project.id)));
  const ids = (await deps.db.selectFrom('layers').select('id').where('project_id', '=', project.id).execute()).map(
    (l) => l.id,
  );
  await deps.db.transaction().execute(async (trx) => {
    await bumpLayerDataVersion(trx, ids, { mustExist: false });
    await recordActivity(
      trx,
      actorOf(caller),
      projectActivity('Edit', project, { changes: ['mapServices'], layers: ids.length }),
    );
  });
  dropSnapshotsOf(ids);
  const tiles = ids.length ? tileCache.deleteWhere((key) => ids.some((id) => key.includes(id))) : 0;
  return { layers: ids.length, tiles };
}
