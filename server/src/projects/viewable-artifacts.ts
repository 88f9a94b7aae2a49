import type { FolderOut } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { listProjects } from './service.js';

/**
 * Ids of the projects, folders and layers the caller may view: read off the same tree the project
 * panel gets (listProjects → loadFolders), so both apply one permission rule. Projects shared
 * through accepted organization grants and layers shared into visible folders are included.
 */
export async function viewableArtifactIds(deps: Deps, caller: Caller) {
  const projects = await listProjects(deps, caller);
  const folderIds = new Set<string>();
  const layerIds = new Set<string>();
  const walk = (folders: FolderOut[] | FolderOut['folders']) => {
    for (const f of folders) {
      folderIds.add(f.id);
      for (const l of [...f.layers, ...(f.sharedLayers ?? [])]) layerIds.add(l.id);
      walk(f.folders);
    }
  };
  for (const p of projects) walk(p.folders);
  return { projectIds: projects.map((p) => p.id), folderIds: [...folderIds], layerIds: [...layerIds] };
}

/** The project service's check that a session is good: who the caller is and in which organization. */
export async function profileCheck(deps: Deps, caller: Caller) {
  const org = await deps.db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', caller.organizationId)
    .executeTakeFirstOrThrow();
  return {
    ok: true as const,
    accountId: caller.accountId,
    email: caller.email,
    organizationId: caller.organizationId,
    organizationName: org.name,
    userType: caller.userType,
  };
}
