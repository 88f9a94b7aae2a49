import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { EXTERNAL_MSG, FOLDER_TYPES } from '@fieldbook/domain';
import { badRequest, notFound } from '../http/errors.js';
import { canCreate, folderChain, isAdminOf, projectChain, projectOf, requireRight } from '../projects/access.js';
import { loadFolders } from '../projects/tree.js';
import { parseWms, parseWmts } from './capabilities.js';
import { REMOTE_LIMITS, fetchRemote, type RemoteResponse } from './remote.js';
import { rasterImageType } from '../platform/image-type.js';
import { openSecret, sealSecret } from '../platform/secrets.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { folderActivity } from '../projects/activity.js';

export type StoreKind = 'WMS' | 'WMTS';
export interface StoreInput {
  capabilitiesURL: string;
  username: string;
  password: string;
}

/** A name not yet taken in `taken` (case-insensitively): "Name", "Name (2)", … */
function uniqueName(base: string, taken: Set<string>): string {
  const clean = base.slice(0, 120) || 'Service';
  let name = clean;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${clean} (${i})`;
  taken.add(name.toLowerCase());
  return name;
}

// Layers of both kinds are typed WMS (spec 3 §3 layer types); the folder type (3 or 4) tells them apart.
/**
 * Adds an external WMS or WMTS service (spec 3 §7): the server reads the capabilities itself, keeps
 * the URL and credentials (never returned), and makes a folder of type 3 (WMS) or 4 (WMTS) with one
 * layer per advertised layer. The layers draw through proxyTile, which adds the credentials.
 */
export async function addStore(deps: Deps, caller: Caller, projectId: string, kind: StoreKind, input: StoreInput) {
  const project = await projectOf(deps.db, caller, projectId);
  requireRight(canCreate(caller, projectChain(project.id)));
  const url = new URL(input.capabilitiesURL);
  if (!url.searchParams.has('service') && !url.searchParams.has('SERVICE')) url.searchParams.set('SERVICE', kind);
  if (!url.searchParams.has('request') && !url.searchParams.has('REQUEST'))
    url.searchParams.set('REQUEST', 'GetCapabilities');
  const res = await fetchRemote(url.toString(), {
    allowPrivate: !!deps.config.allowPrivateServiceUrls,
    maxBytes: REMOTE_LIMITS.capabilitiesBytes,
    username: input.username,
    password: input.password,
  });
  if (res.status !== 200) throw badRequest(EXTERNAL_MSG.unreachable);
  const description =
    kind === 'WMS'
      ? parseWms(res.body.toString('utf8'), url.toString())
      : parseWmts(res.body.toString('utf8'), url.toString());
  if (!description.layers.length) throw badRequest(EXTERNAL_MSG.noLayers);

  const folderId = await deps.db.transaction().execute(async (trx) => {
    const siblings = await trx
      .selectFrom('folders')
      .select('name')
      .where('project_id', '=', project.id)
      .where('parent_id', 'is', null)
      .execute();
    const folder = await trx
      .insertInto('folders')
      .values({
        project_id: project.id,
        parent_id: null,
        name: uniqueName(description.title, new Set(siblings.map((s) => s.name.toLowerCase()))),
        description: url.host,
        folder_type: kind === 'WMS' ? FOLDER_TYPES.wms : FOLDER_TYPES.wmts,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const store = await trx
      .insertInto('external_stores')
      .values({
        project_id: project.id,
        folder_id: folder.id,
        kind,
        capabilities_url: url.toString(),
        service_url: description.serviceUrl,
        username: input.username,
        password: sealSecret(deps.config.jwtSecret, input.password),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const names = new Set<string>();
    const layerIds: string[] = [];
    for (const layer of description.layers) {
      const added = await trx
        .insertInto('layers')
        .values({
          project_id: project.id,
          folder_id: folder.id,
          name: uniqueName(layer.title, names),
          description: null,
          type: 'WMS',
          server_name: layer.name,
          reference_id: store.id,
          preferred_method: kind === 'WMS' ? 'WMS' : 'WMS-TILE',
          mobile_preferred_method: null,
          style_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      layerIds.push(added.id);
    }
    // One entry: the user added a service, which comes as a folder of its layers (no credentials in it).
    await recordActivity(
      trx,
      actorOf(caller),
      folderActivity('Add', folder, { folderType: folder.folder_type, service: kind, storeId: store.id, layerIds }),
    );
    return folder.id;
  });
  const folder = (await loadFolders(deps.db, caller, project.id)).find((f) => f.id === folderId);
  if (!folder) throw notFound();
  return folder;
}

async function storeOf(deps: Deps, caller: Caller, projectId: string, storeId: string) {
  const project = await projectOf(deps.db, caller, projectId);
  const store = await deps.db
    .selectFrom('external_stores')
    .selectAll()
    .where('id', '=', storeId)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  if (!store) throw notFound();
  return { project, store };
}

/** Removes a service with its folder and layers (folder admins). */
export async function removeStore(deps: Deps, caller: Caller, projectId: string, storeId: string) {
  const { project, store } = await storeOf(deps, caller, projectId, storeId);
  requireRight(isAdminOf(caller, folderChain(project.id, [store.folder_id])));
  await deps.db.transaction().execute(async (trx) => {
    // The store row goes with its folder (ON DELETE CASCADE), and its layers (no features of ours).
    const folder = await trx
      .deleteFrom('folders')
      .where('id', '=', store.folder_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(
      trx,
      actorOf(caller),
      folderActivity('Delete', folder, { folderType: folder.folder_type, service: store.kind, storeId: store.id }),
    );
  });
}

const FORWARDED =
  /^(service|version|request|layers?|styles?|format|transparent|crs|srs|bbox|width|height|tilematrixset|tilematrix|tilerow|tilecol|style|tiled|dpi)$/i;

/**
 * Fetches a map image, tile or the capabilities for a viewer of the project, adding the stored
 * credentials. Only OGC request parameters are forwarded. Only what the server checked itself goes
 * back: capabilities that parse as this service's kind (as XML), or a raster image typed by its
 * signature, never the remote's own content type (HTML, SVG and other active content are refused).
 */
export async function proxyStore(
  deps: Deps,
  caller: Caller,
  projectId: string,
  storeId: string,
  query: Record<string, string>,
): Promise<RemoteResponse> {
  const { store } = await storeOf(deps, caller, projectId, storeId);
  const capabilities = Object.entries(query).some(
    ([k, v]) => k.toLowerCase() === 'request' && v.toLowerCase() === 'getcapabilities',
  );
  const target = new URL(capabilities ? store.capabilities_url : store.service_url);
  if (!capabilities)
    for (const [key, value] of Object.entries(query)) if (FORWARDED.test(key)) target.searchParams.set(key, value);
  const res = await fetchRemote(target.toString(), {
    allowPrivate: !!deps.config.allowPrivateServiceUrls,
    maxBytes: capabilities ? REMOTE_LIMITS.capabilitiesBytes : REMOTE_LIMITS.imageBytes,
    username: store.username,
    password: openSecret(deps.config.jwtSecret, store.password),
  });
  if (res.status !== 200) throw badRequest(EXTERNAL_MSG.unreachable);
  if (capabilities) {
    (store.kind === 'WMS' ? parseWms : parseWmts)(res.body.toString('utf8'), store.capabilities_url);
    return { status: 200, contentType: 'application/xml; charset=utf-8', body: res.body };
  }
  const image = rasterImageType(res.body);
  if (!image) throw badRequest(EXTERNAL_MSG.unreachable);
  return { status: 200, contentType: image.mime, body: res.body };
}
