import { z } from 'zod';
import {
  FOLDER_TYPES,
  LAYER_BY_REFERENCE_FOLDER_TYPES,
  MAP_SERVICE_MSG,
  PROJECT_MSG,
  isOrgAdmin,
  layerByReferenceSchema,
  isUuid,
  SYSTEM_NAMES,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest, forbidden, notFound, uniquely } from '../http/errors.js';
import { findForm, grant } from '../forms/service.js';
import { canCreate, projectChain, projectOf, requireRight } from './access.js';
import { specialFolder } from './special-folders.js';
import { presentLayer } from './tree.js';
import type { Executor } from '../db/types.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { layerActivity } from './activity.js';

type Input = z.output<typeof layerByReferenceSchema>;

/** The entry of the layer just added (in the add's transaction), naming what it refers to. */
async function logAdded(trx: Executor, caller: Caller, layerId: string) {
  const layer = await trx.selectFrom('layers').selectAll().where('id', '=', layerId).executeTakeFirstOrThrow();
  await recordActivity(
    trx,
    actorOf(caller),
    layerActivity('Add', layer, { serverName: layer.server_name, referenceId: layer.reference_id }),
  );
}

/**
 * A forms layer: the form (of the caller's organization) is granted to the project in the same
 * transaction, as the forms screen does. Granting is an organization admin's act, so others may only
 * add the layer of a form already granted to the project.
 */
async function formLayer(deps: Deps, caller: Caller, projectId: string, formId: string, input: Input): Promise<string> {
  const form = isUuid(formId) ? await findForm(deps.db, caller, formId).catch(() => null) : null;
  if (!form) throw notFound(MAP_SERVICE_MSG.formNotFound);
  const granted = await deps.db
    .selectFrom('form_permissions')
    .select('id')
    .where('form_id', '=', form.id)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  if (!granted && !isOrgAdmin(caller)) throw forbidden();
  return deps.db.transaction().execute(async (trx) => {
    const { layerId } = await uniquely(PROJECT_MSG.layerNameExists, () => grant(trx, caller, form, projectId, input));
    await logAdded(trx, caller, layerId);
    return layerId;
  });
}

/**
 * Inserts a one-call tickets layer in the project's special folder (made when missing), in the
 * caller's transaction, with its log entry. The one-call e-mail list makes its addresses' layers with
 * it (onecall/addresses.ts), the address id being the layer's referenceId.
 */
export async function insertOneCallLayer(
  trx: Executor,
  caller: Caller,
  projectId: string,
  referenceId: string,
  input: Pick<Input, 'name' | 'description' | 'preferredMethod'>,
): Promise<string> {
  const folderId = await specialFolder(trx, projectId, FOLDER_TYPES.special, SYSTEM_NAMES.oneCallFolder);
  const row = await uniquely(PROJECT_MSG.layerNameExists, () =>
    trx
      .insertInto('layers')
      .values({
        project_id: projectId,
        folder_id: folderId,
        name: input.name,
        description: input.description ?? null,
        type: 'VECTOR',
        server_name: 'onecall_tickets',
        reference_id: referenceId,
        preferred_method: input.preferredMethod,
        mobile_preferred_method: null,
        style_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  await logAdded(trx, caller, row.id);
  return row.id;
}

/**
 * A one-call tickets layer in the special folder; `referenceId` names the ticket source it shows, a
 * name of the one-call service. Our own ticket sources, the one-call addresses, get their layer when
 * they are added; so an id of ours (a UUID, whoever's it is) is refused here as not found, like any
 * unknown id, and never stored.
 */
async function oneCallLayer(
  deps: Deps,
  caller: Caller,
  projectId: string,
  referenceId: string,
  input: Input,
): Promise<string> {
  if (isUuid(referenceId)) throw notFound();
  return deps.db.transaction().execute((trx) => insertOneCallLayer(trx, caller, projectId, referenceId, input));
}

/**
 * POST /rest/projects/{projectId}/foldertype/{type}/layers/{refId}: a layer in the project's special
 * folder of that type, the folder created when missing. Needs create rights on the project.
 */
export async function createLayerByReference(
  deps: Deps,
  caller: Caller,
  projectId: string,
  folderType: string,
  referenceId: string,
  input: Input,
) {
  if (!(LAYER_BY_REFERENCE_FOLDER_TYPES as readonly string[]).includes(folderType))
    throw badRequest(MAP_SERVICE_MSG.folderTypeUnsupported);
  const project = await projectOf(deps.db, caller, projectId);
  requireRight(canCreate(caller, projectChain(project.id)));
  const layerId =
    folderType === FOLDER_TYPES.forms
      ? await formLayer(deps, caller, project.id, referenceId, input)
      : await oneCallLayer(deps, caller, project.id, referenceId, input);
  return presentLayer(
    await deps.db.selectFrom('layers').selectAll().where('id', '=', layerId).executeTakeFirstOrThrow(),
  );
}
