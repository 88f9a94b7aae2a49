import { effectiveMask, isAtLeastCollector, isAtLeastEditor, maskAllows, type AssetRef } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import { grantedEntries } from '../sharing/service.js';
import type { Caller } from '../http/context.js';
import { forbidden, notFound } from '../http/errors.js';

/**
 * Project access (spec 3 §6): permissions flow down organization → project → folder → layer, so a
 * check looks at the asset and its ancestors. Viewing needs view; changing structure needs an
 * editor type with edit (admin for deletes and moves).
 */
export function maskOn(caller: Caller, chain: AssetRef[]): number {
  return effectiveMask(caller.permissions, [...chain, { type: 'organization', id: caller.organizationId }]);
}

export const canView = (caller: Caller, chain: AssetRef[]) => maskAllows(maskOn(caller, chain), 'view');
export const canCreate = (caller: Caller, chain: AssetRef[]) =>
  isAtLeastEditor(caller.userType) && maskAllows(maskOn(caller, chain), 'create');
export const canEdit = (caller: Caller, chain: AssetRef[]) =>
  isAtLeastEditor(caller.userType) && maskAllows(maskOn(caller, chain), 'edit');
export const isAdminOf = (caller: Caller, chain: AssetRef[]) =>
  isAtLeastEditor(caller.userType) && maskAllows(maskOn(caller, chain), 'admin');

/** Features: collectors and editors work on features where their masks allow (spec 1 §6, spec 3 §6). */
export const canCreateFeature = (caller: Caller, chain: AssetRef[]) =>
  isAtLeastCollector(caller.userType) && maskAllows(maskOn(caller, chain), 'create');
export const canEditFeature = (caller: Caller, chain: AssetRef[]) =>
  isAtLeastCollector(caller.userType) && maskAllows(maskOn(caller, chain), 'edit');
export const isFeatureAdmin = (caller: Caller, chain: AssetRef[]) =>
  isAtLeastCollector(caller.userType) && maskAllows(maskOn(caller, chain), 'admin');

export const projectChain = (projectId: string): AssetRef[] => [{ type: 'project', id: projectId }];
export const folderChain = (projectId: string, folderIds: string[]): AssetRef[] => [
  ...folderIds.map((id): AssetRef => ({ type: 'folder', id })),
  ...projectChain(projectId),
];

export async function projectOf(db: Executor, caller: Caller, projectId: string) {
  const project = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!project || !canView(caller, projectChain(project.id))) throw notFound();
  return project;
}

/** A folder of the project, with the ids of itself and its parent for permission checks. */
export async function folderOf(db: Executor, caller: Caller, projectId: string, folderId: string) {
  const project = await projectOf(db, caller, projectId);
  const folder = await db
    .selectFrom('folders')
    .selectAll()
    .where('id', '=', folderId)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  if (!folder) throw notFound();
  const chain = folderChain(project.id, folder.parent_id ? [folder.id, folder.parent_id] : [folder.id]);
  if (!canView(caller, chain)) throw notFound();
  return { project, folder, chain };
}

export function requireRight(allowed: boolean): void {
  if (!allowed) throw forbidden();
}

/** Decides which assets of a project the caller may see. */
export type ViewCheck = (chain: AssetRef[]) => boolean;

/**
 * A project for reading: one of the caller's organization, or one another organization shared with
 * it through an accepted grant (spec 1 §2.7). Shared projects are read-only whatever the caller's own
 * permissions say, and only the granted assets are visible.
 */
export async function readableProject(db: Executor, caller: Caller, projectId: string) {
  const project = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
  if (!project) throw notFound();
  if (project.organization_id === caller.organizationId) {
    if (!canView(caller, projectChain(project.id))) throw notFound();
    return { project, shared: false, view: ((chain) => canView(caller, chain)) as ViewCheck };
  }
  const entries = await grantedEntries(db, caller.organizationId, project.organization_id);
  const view: ViewCheck = (chain) => effectiveMask(entries, chain) > 0;
  if (!view(projectChain(project.id))) throw notFound();
  return { project, shared: true, view };
}
