import { z } from 'zod';
import { sql } from 'kysely';
import { DATA_MSG, PROJECT_MSG, createProjectSchema, updateProjectSchema, type ProjectOut } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, forbidden, notFound, uniquely } from '../http/errors.js';
import { isOrgAdmin } from '@fieldbook/domain';
import { readableDictionary } from '../dictionaries/access.js';
import {
  canCreate,
  canEdit,
  canView,
  isAdminOf,
  projectChain,
  projectOf,
  readableProject,
  requireRight,
} from './access.js';
import { grantorsOf } from '../sharing/service.js';
import { requireFlag } from '../http/flags.js';
import { GEOID_MODELS } from '../sites/crs.js';
import { presentProject } from './tree.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { editedArtifact, projectActivity } from './activity.js';

async function nameTaken(db: Executor, organizationId: string, name: string, exceptId?: string) {
  let q = db
    .selectFrom('projects')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Projects the caller may view, their organization's and those shared with it, sorted by name (spec 3 §4). */
export async function listProjects(deps: Deps, caller: Caller, ids?: string[]): Promise<ProjectOut[]> {
  const grantors = await grantorsOf(deps.db, caller.organizationId);
  let q = deps.db
    .selectFrom('projects')
    .selectAll()
    .where('organization_id', 'in', [caller.organizationId, ...grantors]);
  if (ids) q = ids.length ? q.where('id', 'in', ids) : q.where('id', 'is', null);
  const rows = await q
    .orderBy(sql`lower(name)`)
    .orderBy('name')
    .execute();
  const out = [];
  for (const p of rows) {
    if (p.organization_id === caller.organizationId) {
      if (canView(caller, projectChain(p.id))) out.push(await presentProject(deps.db, caller, p));
      continue;
    }
    const readable = await readableProject(deps.db, caller, p.id).catch(() => null);
    if (readable) out.push(await presentProject(deps.db, caller, p, readable));
  }
  return out;
}

export async function getProject(deps: Deps, caller: Caller, id: string) {
  const readable = await readableProject(deps.db, caller, id);
  return presentProject(deps.db, caller, readable.project, readable);
}

/** An editor with create rights on the organization; the creator becomes the project's admin. */
export async function createProject(deps: Deps, caller: Caller, input: z.output<typeof createProjectSchema>) {
  if (input.organizationId && input.organizationId !== caller.organizationId) throw notFound();
  requireRight(canCreate(caller, []));
  await readableDictionary(deps.db, caller, input.dataDictionaryId).catch(() => {
    throw badRequest(PROJECT_MSG.dictionaryRequired);
  });
  if (await nameTaken(deps.db, caller.organizationId, input.name)) throw conflict(PROJECT_MSG.nameExists);
  const row = await deps.db.transaction().execute(async (trx) => {
    const project = await uniquely(PROJECT_MSG.nameExists, () =>
      trx
        .insertInto('projects')
        .values({
          organization_id: caller.organizationId,
          name: input.name,
          description: input.description ?? null,
          dictionary_id: input.dataDictionaryId,
          site_id: null,
          owner_id: caller.accountId,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    await trx
      .insertInto('permissions')
      .values({
        account_id: caller.accountId,
        organization_id: caller.organizationId,
        asset_type: 'project',
        asset_id: project.id,
        bit_mask: '1111',
      })
      .onConflict((oc) => oc.columns(['account_id', 'organization_id', 'asset_type', 'asset_id']).doNothing())
      .execute();
    await recordActivity(trx, actorOf(caller), projectActivity('Add', project));
    return project;
  });
  const withPermission = {
    ...caller,
    permissions: [...caller.permissions, { assetTypeName: 'project' as const, assetId: row.id, bitMask: '1111' }],
  };
  return presentProject(deps.db, withPermission, row);
}

/**
 * Site calibration and geoid (spec 3 §3, §6): choosing a site needs the siteCalibration flag and a site
 * of the organization; a geoid must be a known model and needs the projectGeoid flag. The web form
 * sends the current values on every save, so only a change to a new value is checked against the
 * flags (clearing one is always allowed).
 */
async function checkedCalibration(
  deps: Deps,
  caller: Caller,
  project: { site_id: string | null; geoid_id: string | null },
  input: z.output<typeof updateProjectSchema>,
) {
  const siteId = input.proj?.id;
  if (siteId && siteId !== project.site_id) {
    await requireFlag(deps.db, caller, 'siteCalibration', DATA_MSG.siteCalibrationDisabled);
    const site = await deps.db
      .selectFrom('sites')
      .select('id')
      .where('id', '=', siteId)
      .where('organization_id', '=', caller.organizationId)
      .executeTakeFirst();
    if (!site) throw notFound(PROJECT_MSG.siteNotFound);
  }
  const geoidId = input.geoidId;
  if (geoidId && geoidId !== project.geoid_id) {
    if (!GEOID_MODELS.some((g) => g.id === geoidId)) throw badRequest(PROJECT_MSG.geoidUnknown);
    await requireFlag(deps.db, caller, 'projectGeoid', PROJECT_MSG.geoidDisabled);
  }
}

/** The columns a project edit may change, named in its activity entry. */
const PROJECT_EDITABLE = [
  'name',
  'description',
  'dictionary_id',
  'coordinate',
  'zoom_level',
  'site_id',
  'geoid_id',
] as const;

export async function updateProject(deps: Deps, caller: Caller, input: z.output<typeof updateProjectSchema>) {
  const project = await projectOf(deps.db, caller, input.id);
  requireRight(canEdit(caller, projectChain(project.id)));
  // Changing a project's organization is for organization admins (spec 3 §6); moving a project with its
  // features, permissions, shares and calibration across organizations is not supported yet.
  if (input.organizationId && input.organizationId !== project.organization_id)
    throw isOrgAdmin(caller) ? badRequest(PROJECT_MSG.organizationChange) : forbidden();
  if (await nameTaken(deps.db, caller.organizationId, input.name, project.id)) throw conflict(PROJECT_MSG.nameExists);
  if (input.dataDictionaryId !== project.dictionary_id)
    await readableDictionary(deps.db, caller, input.dataDictionaryId);
  await checkedCalibration(deps, caller, project, input);
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await uniquely(PROJECT_MSG.nameExists, () =>
      trx
        .updateTable('projects')
        .set({
          name: input.name,
          description: input.description ?? null,
          dictionary_id: input.dataDictionaryId,
          ...(input.coordinate !== undefined ? { coordinate: input.coordinate } : {}),
          ...(input.zoomLevel !== undefined ? { zoom_level: input.zoomLevel } : {}),
          ...(input.proj !== undefined ? { site_id: input.proj?.id ?? null } : {}),
          ...(input.geoidId !== undefined ? { geoid_id: input.geoidId } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', project.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    const edited = editedArtifact(project, updated, PROJECT_EDITABLE);
    await recordActivity(trx, actorOf(caller), projectActivity('Edit', updated, edited));
    return updated;
  });
  return presentProject(deps.db, caller, row);
}

/** Only a project admin deletes a project, with everything in it. */
export async function deleteProject(deps: Deps, caller: Caller, id: string) {
  const project = await projectOf(deps.db, caller, id);
  requireRight(isAdminOf(caller, projectChain(project.id)));
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('permissions')
      .where('organization_id', '=', caller.organizationId)
      .where('asset_type', '=', 'project')
      .where('asset_id', '=', project.id)
      .execute();
    await trx.deleteFrom('projects').where('id', '=', project.id).execute();
    await recordActivity(trx, actorOf(caller), projectActivity('Delete', project));
  });
}
