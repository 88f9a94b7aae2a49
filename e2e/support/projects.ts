import type { MapEnv } from './session.js';

export interface TreeLayer {
  id: string;
  name: string;
  folderId: string;
  readOnly?: boolean;
}
export interface TreeFolder {
  id: string;
  name: string;
  description?: string | null;
  parentId: string | null;
  projectId: string;
  layers: TreeLayer[];
  folders: TreeFolder[];
}
export interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  dataDictionaryId: string;
  coordinate: string | null;
  zoomLevel: number | null;
  folders: TreeFolder[];
}

/** The projects the admin sees (GET /rest/projects), with their folder trees. */
export const projectsOf = (env: MapEnv) => env.api<ProjectRow[]>('GET', '/rest/projects');

/** Every folder of a project, sub-folders included. */
export const foldersOf = (project: ProjectRow | undefined): TreeFolder[] =>
  (project?.folders ?? []).flatMap((f) => [f, ...f.folders]);

/** A folder by name in any of the admin's projects. */
export async function folderNamed(env: MapEnv, name: string): Promise<TreeFolder | undefined> {
  return (await projectsOf(env)).flatMap(foldersOf).find((f) => f.name === name);
}

/** The first data dictionary the admin's organization can use (GET /rest/dictionaries?flat=true, a list or a page). */
export async function firstDictionaryId(env: Pick<MapEnv, 'api'>): Promise<string> {
  const listed = await env.api<unknown>('GET', '/rest/dictionaries?flat=true');
  const dictionaries = (Array.isArray(listed) ? listed : (listed as { data: unknown[] }).data) as Array<{ id: string }>;
  return dictionaries[0].id;
}
