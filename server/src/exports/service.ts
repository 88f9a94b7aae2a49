import {
  ACTIVITY_TEXTS,
  EXPORT_MSG,
  exportRequestError,
  isPlusOrganization,
  type AssetRef,
  type ExportItemType,
  type ExportRequest,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { flagOn } from '../http/flags.js';
import { enqueueJob, jobEvents } from '../jobs/queue.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { canView, folderChain, projectOf } from '../projects/access.js';
import { exportResultKey, type ExportPayload } from './run.js';

/** Export needs the search feature and is disabled for the Plus tier (spec 3 §6). */
async function requireExportAllowed(deps: Deps, caller: Caller) {
  if (isPlusOrganization(caller.organizationType) || !(await flagOn(deps.db, caller, 'search')))
    throw forbidden(EXPORT_MSG.disabled);
}

/** The vector layers of the item that the caller may view, with the item's project; 404 when not visible. */
async function viewableLayers(deps: Deps, caller: Caller, type: ExportItemType, id: string) {
  const located =
    type === 'project'
      ? { project_id: id, name: null }
      : type === 'folder'
        ? await deps.db.selectFrom('folders').select(['project_id', 'name']).where('id', '=', id).executeTakeFirst()
        : await deps.db.selectFrom('layers').select(['project_id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!located) throw notFound();
  const project = await projectOf(deps.db, caller, located.project_id);
  const folders = await deps.db
    .selectFrom('folders')
    .select(['id', 'parent_id'])
    .where('project_id', '=', project.id)
    .execute();
  const parentOf = new Map(folders.map((f) => [f.id, f.parent_id]));
  const chainOf = (folderId: string): AssetRef[] => {
    const parent = parentOf.get(folderId);
    return folderChain(project.id, parent ? [folderId, parent] : [folderId]);
  };
  if (type === 'folder' && !canView(caller, chainOf(id))) throw notFound();
  const layers = await deps.db
    .selectFrom('layers')
    .select(['id', 'folder_id', 'type'])
    .where('project_id', '=', project.id)
    .where('type', '!=', 'RASTER')
    .execute();
  const inItem = layers.filter((l) =>
    type === 'project'
      ? true
      : type === 'folder'
        ? l.folder_id === id || parentOf.get(l.folder_id) === id
        : l.id === id,
  );
  const visible = inItem.filter((l) => canView(caller, [{ type: 'layer', id: l.id }, ...chainOf(l.folder_id)]));
  if (type === 'layer' && !visible.length) throw notFound();
  return { project, name: located.name ?? project.name, layerIds: visible.map((l) => l.id) };
}

/** Whether the requested CRS is the project's custom site calibration (its WKT or PROJ text). */
async function usesSiteCalibration(deps: Deps, siteId: string | null, request: ExportRequest) {
  if (!siteId || (!request.projWkt && !request.projString)) return false;
  const site = await deps.db.selectFrom('sites').select(['wkt', 'proj']).where('id', '=', siteId).executeTakeFirst();
  const same = (a?: string | null, b?: string | null) => !!a && !!b && a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
  return !!site && (same(site.wkt, request.projWkt) || same(site.proj, request.projString));
}

const EXPORT_CATEGORY = { layer: 'Layer', folder: 'Folder', project: 'Project' } as const satisfies Record<
  ExportItemType,
  string
>;

/** Checks the request and the caller's view of the item, then queues the EXPORT job owned by the caller. */
export async function startExport(
  deps: Deps,
  caller: Caller,
  type: ExportItemType,
  id: string,
  request: ExportRequest,
): Promise<{ id: string; jobId: string }> {
  await requireExportAllowed(deps, caller);
  const { project, name, layerIds: itemLayerIds } = await viewableLayers(deps, caller, type, id);
  // A search of one layer exports that layer only, and only when it is in the item and visible.
  const searchedLayer = request.query?.layerId;
  if (searchedLayer && !itemLayerIds.includes(searchedLayer)) throw notFound();
  const layerIds = searchedLayer ? [searchedLayer] : itemLayerIds;
  const refusal = exportRequestError(request, type, await usesSiteCalibration(deps, project.site_id, request));
  if (refusal) throw badRequest(refusal, 'InvalidParameterValue');
  const payload: ExportPayload = { request, itemType: type, itemId: id, layerIds };
  // The request is the user's write: its entry and the job row commit together.
  const job = await deps.db.transaction().execute(async (trx) => {
    const queued = await enqueueJob(trx, {
      organizationId: caller.organizationId,
      projectId: project.id,
      ownerId: caller.accountId,
      type: 'EXPORT',
      title: request.fileName,
      payload: payload as unknown as Record<string, unknown>,
    });
    await recordActivity(trx, actorOf(caller), {
      type: 'Export',
      category: EXPORT_CATEGORY[type],
      message: ACTIVITY_TEXTS.layerExported,
      projectId: project.id,
      artifact: {
        jobId: queued.id,
        format: request.format,
        fileName: request.fileName,
        exported: { type, id, name },
        layerIds,
        ...(request.featureIDs ? { features: request.featureIDs.length } : {}),
        ...(request.query ? { search: true } : {}),
      },
    });
    return queued;
  });
  // Wake the worker again now the job is committed (enqueueJob's wake-up came before the commit).
  jobEvents.emit('enqueued');
  return { id: job.id, jobId: job.id };
}

/** The stored result of one of the caller's own export jobs in the caller's organization; 404 otherwise. */
export async function exportResult(deps: Deps, caller: Caller, jobId: string, name: string) {
  const job = await deps.db
    .selectFrom('jobs')
    .select(['id', 'organization_id', 'result_url'])
    .where('id', '=', jobId)
    .where('type', '=', 'EXPORT')
    .where('organization_id', '=', caller.organizationId)
    .where('owner_id', '=', caller.accountId)
    .executeTakeFirst();
  if (!job?.result_url || !job.result_url.endsWith(`/${encodeURIComponent(name)}`)) throw notFound();
  const stored = await deps.files.read(`${exportResultKey(job.organization_id, job.id)}/${name}`);
  if (!stored) throw notFound();
  return stored;
}
