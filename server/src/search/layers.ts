import { FEATURE_LAYER_SERVER_NAMES, SEARCH_MSG } from '@fieldbook/domain';
import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { canView, projectChain } from '../projects/access.js';
import { viewableLayers } from '../ogc/access.js';
import type { SearchLayer } from './conditions.js';

/** A layer a search reads, with where it sits (the panel groups layers by folder). */
export interface SearchedLayer extends SearchLayer {
  name: string;
  kind: string | null;
  folderId: string;
  folderName: string;
  projectId: string;
}

/** What a search may cover: one layer, one project, or every project of the caller's organization. */
export interface SearchScope {
  layerId?: string;
  projectId?: string;
}

const isDrawingLayer = (kind: string | null) => (FEATURE_LAYER_SERVER_NAMES as readonly string[]).includes(kind ?? '');

/**
 * The vector layers a search covers that the caller may view: the same decision as WFS (ogc/access.ts),
 * so a search never reads a layer its map could not show. A named layer or project the caller cannot
 * view is not found; an organization-wide search skips what they cannot view.
 */
export async function searchedLayers(deps: Deps, caller: Caller, scope: SearchScope): Promise<SearchedLayer[]> {
  const ids = scope.layerId
    ? await oneLayer(deps, caller, scope.layerId, scope.projectId)
    : scope.projectId
      ? (await viewableLayers(deps, caller, scope.projectId)).map((l) => l.id)
      : await organizationLayers(deps, caller);
  if (!ids.length) return [];
  const rows = await deps.db
    .selectFrom('layers')
    .innerJoin('folders', 'folders.id', 'layers.folder_id')
    .innerJoin('projects', 'projects.id', 'layers.project_id')
    .select([
      'layers.id',
      'layers.name',
      'layers.server_name',
      'layers.fields',
      'layers.folder_id',
      'layers.project_id',
      'folders.name as folder_name',
      'projects.dictionary_id',
    ])
    .where('layers.id', 'in', ids)
    .orderBy('folders.name')
    .orderBy('layers.name')
    .execute();
  // Free-property names held per layer, from the value counts kept on write (migration 020).
  const properties = await deps.db
    .selectFrom('layer_value_columns')
    .select(['layer_id', 'key'])
    .where('layer_id', 'in', ids)
    .where('source', '=', 'p')
    .where(sql<boolean>`(distinct_values > 0 OR overflow)`)
    .execute();
  const namesOf = (layerId: string) => properties.filter((p) => p.layer_id === layerId).map((p) => p.key);
  return rows.map((r) => ({
    id: r.id,
    propertyNames: namesOf(r.id),
    name: r.name,
    kind: r.server_name,
    fields: r.fields,
    dictionaryId: isDrawingLayer(r.server_name) ? r.dictionary_id : null,
    folderId: r.folder_id,
    folderName: r.folder_name,
    projectId: r.project_id,
  }));
}

/** The one layer asked for, when the caller may view it (and it is in the named project, if one is). */
async function oneLayer(deps: Deps, caller: Caller, layerId: string, projectId?: string): Promise<string[]> {
  const layer = await deps.db
    .selectFrom('layers')
    .select(['project_id', 'folder_id'])
    .where('id', '=', layerId)
    .executeTakeFirst();
  const inProject = layer && (!projectId || projectId === layer.project_id);
  const viewable = inProject
    ? await viewableLayers(deps, caller, layer.project_id, { folderId: layer.folder_id, layerId }).catch(() => [])
    : [];
  if (!viewable.length) throw notFound(SEARCH_MSG.layerNotFound);
  return [layerId];
}

/** Every viewable vector layer of the organization's projects the caller may view. */
async function organizationLayers(deps: Deps, caller: Caller): Promise<string[]> {
  const projects = await deps.db
    .selectFrom('projects')
    .select('id')
    .where('organization_id', '=', caller.organizationId)
    .execute();
  const visible = projects.filter((p) => canView(caller, projectChain(p.id)));
  const layers = await Promise.all(visible.map((p) => viewableLayers(deps, caller, p.id)));
  return layers.flat().map((l) => l.id);
}
