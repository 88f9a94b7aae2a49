import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import {
  DATA_MSG,
  IMPORT_MSG,
  LAYER_METHODS,
  PROJECT_MSG,
  UPLOAD_EXTENSIONS,
  UPLOAD_LIMITS,
  layerNameOfFile,
  needsGeoserver,
  type UploadType,
  type importUrlParamsSchema,
  type importUrlQuerySchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { flagOn } from '../http/flags.js';
import { SignedUrls } from '../platform/signed-urls.js';
import { canCreate, folderOf } from '../projects/access.js';
import { layerNameTaken } from '../projects/layer-names.js';
import { enqueueJob } from '../jobs/queue.js';
import { uploadsRoot, type ImportPayload } from './handler.js';

/** What an import URL grants: one upload into one folder, by one member, with the dialog's options. */
export interface ImportGrant {
  type: UploadType;
  organizationId: string;
  projectId: string;
  folderId: string;
  accountId: string;
  ext: string;
  method: string;
  layerName?: string;
  crs?: string;
  convertFromFeet: boolean;
  measurementFields: string[];
}

/** Signed import URLs (`PUT /files/import/<token>`), valid long enough to start a large upload. */
export const importUrls = (secret: string) => new SignedUrls<ImportGrant>(secret, 'import', '/files/import', 15 * 60);

/** The raster upload flag (spec 3 §6): `raster_enabled` or `rasterImagery`, as the web dialog reads it. */
async function rasterUploadOn(deps: Deps, caller: Caller) {
  return (await flagOn(deps.db, caller, 'raster_enabled')) || (await flagOn(deps.db, caller, 'rasterImagery'));
}

/** The folder of the caller's organization the caller may create layers in, else 404/403. */
async function targetFolder(deps: Deps, caller: Caller, folderId: string) {
  const row = await deps.db
    .selectFrom('folders')
    .innerJoin('projects', 'projects.id', 'folders.project_id')
    .select(['folders.id', 'folders.project_id'])
    .where('folders.id', '=', folderId)
    .where('projects.organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const { project, folder, chain } = await folderOf(deps.db, caller, row.project_id, row.id);
  if (!canCreate(caller, chain)) throw forbidden();
  return { project, folder };
}

/** `GET /rest/projects/signedurl/{folderId}/{ext}/{type}/{method}` (spec 3 §7). */
export async function createImportUrl(
  deps: Deps,
  urls: SignedUrls<ImportGrant>,
  caller: Caller,
  params: z.output<typeof importUrlParamsSchema>,
  query: z.output<typeof importUrlQuerySchema>,
) {
  const { project, folder } = await targetFolder(deps, caller, params.folderId);
  if (!(UPLOAD_EXTENSIONS[params.type] as readonly string[]).includes(params.ext))
    throw badRequest(IMPORT_MSG.invalidType);
  if (params.type === 'RASTER') {
    if (!(await rasterUploadOn(deps, caller))) throw forbidden(IMPORT_MSG.rasterDisabled);
    // A zipped raster is a world file beside an image, which names no coordinate system (spec 3 §5).
    if (params.ext === 'zip' && !query.crs) throw badRequest(IMPORT_MSG.rasterCrsRequired);
  }
  const method = params.method.toUpperCase() || 'WFS';
  if (!(LAYER_METHODS as readonly string[]).includes(method)) throw badRequest(IMPORT_MSG.invalidType);
  if (needsGeoserver(method) && !(await flagOn(deps.db, caller, 'geoserver')))
    throw forbidden(DATA_MSG.geoserverDisabled);
  if (query.layerName && (await layerNameTaken(deps.db, folder.id, query.layerName)))
    throw conflict(PROJECT_MSG.layerNameExists);
  const url = await urls.create({
    type: params.type,
    organizationId: caller.organizationId,
    projectId: project.id,
    folderId: folder.id,
    accountId: caller.accountId,
    ext: params.ext,
    method,
    layerName: query.layerName,
    crs: query.crs,
    convertFromFeet: query.convertFromFeet ?? false,
    measurementFields: (query.measurementFields ?? '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
  });
  return { url };
}

/** Counts bytes as they pass and stops the upload past the limit. */
function sizeGuard(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new AppError(413, 'PayloadTooLarge', IMPORT_MSG.tooLarge));
      else done(null, chunk);
    },
  });
}

/**
 * The PUT of a signed import URL: streams the body to disk (never whole in memory), refuses an
 * empty or too large file, then queues the IMPORT job that reads it.
 */
export async function receiveUpload(
  deps: Deps,
  grant: ImportGrant,
  body: Readable | null,
  declaredLength: number | undefined,
  fileName: string | undefined,
) {
  if (declaredLength !== undefined && declaredLength > UPLOAD_LIMITS.maxBytes)
    throw new AppError(413, 'PayloadTooLarge', IMPORT_MSG.tooLarge);
  // The folder may have gone, or the member lost the organization, since the URL was made.
  const folder = await deps.db
    .selectFrom('folders')
    .innerJoin('projects', 'projects.id', 'folders.project_id')
    .select('folders.id')
    .where('folders.id', '=', grant.folderId)
    .where('projects.id', '=', grant.projectId)
    .where('projects.organization_id', '=', grant.organizationId)
    .executeTakeFirst();
  if (!folder) throw notFound();
  if (!body) throw badRequest(IMPORT_MSG.emptyFile);
  const fileKey = path.join('imports', randomUUID(), `source.${grant.ext}`);
  const file = path.join(uploadsRoot(deps), fileKey);
  await mkdir(path.dirname(file), { recursive: true });
  try {
    await pipeline(body, sizeGuard(UPLOAD_LIMITS.maxBytes), createWriteStream(file));
    if ((await stat(file)).size === 0) throw badRequest(IMPORT_MSG.emptyFile);
  } catch (err) {
    await rm(path.dirname(file), { recursive: true, force: true });
    throw err;
  }
  const payload: ImportPayload = {
    type: grant.type,
    folderId: grant.folderId,
    ext: grant.ext,
    method: grant.method,
    fileKey,
    fileName,
    layerName: grant.layerName,
    crs: grant.crs,
    convertFromFeet: grant.convertFromFeet,
    measurementFields: grant.measurementFields,
  };
  const title = grant.layerName ?? (fileName ? layerNameOfFile(fileName) : `Upload ${grant.ext.toUpperCase()}`);
  return enqueueJob(deps.db, {
    organizationId: grant.organizationId,
    projectId: grant.projectId,
    ownerId: grant.accountId,
    type: 'IMPORT',
    title,
    payload: { ...payload },
  });
}
