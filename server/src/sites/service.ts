import { z } from 'zod';
import { DATA_MSG, siteSchema, updateSiteSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { AppError, badRequest, notFound } from '../http/errors.js';
import { requireFlag } from '../http/flags.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { isValidCrsWkt } from './crs.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { editedArtifact, namedActivity } from '../organizations/settings-activity.js';

type SiteInput = z.output<typeof siteSchema>;

const gate = (deps: Deps, caller: Caller) =>
  requireFlag(deps.db, caller, 'siteCalibration', DATA_MSG.siteCalibrationDisabled);

/** Site calibrations are settings of the organization (category General). */
const siteActivity = (type: 'Add' | 'Edit' | 'Delete', site: { id: string; name: string }, extra = {}) =>
  namedActivity({ type, noun: 'Site', idKey: 'siteId', thing: site, extra });

const present = (row: { id: string; name: string; wkt: string; proj: string | null }) => ({
  id: row.id,
  name: row.name,
  wkt: row.wkt,
  proj: row.proj,
});

async function checkedWkt(deps: Deps, input: SiteInput) {
  if (!(await isValidCrsWkt(deps.db, input.wkt))) throw badRequest(DATA_MSG.siteWkt);
}

export async function listSites(deps: Deps, caller: Caller) {
  await gate(deps, caller);
  const rows = await deps.db
    .selectFrom('sites')
    .selectAll()
    .where('organization_id', '=', caller.organizationId)
    .orderBy('name')
    .execute();
  return rows.map(present);
}

export async function createSite(deps: Deps, caller: Caller, input: SiteInput) {
  await gate(deps, caller);
  requireOrgAdmin(caller);
  await checkedWkt(deps, input);
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('sites')
      .values({
        organization_id: caller.organizationId,
        name: input.name,
        wkt: input.wkt,
        proj: input.proj ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(trx, actorOf(caller), siteActivity('Add', created));
    return created;
  });
  return present(row);
}

export async function updateSite(deps: Deps, caller: Caller, input: z.output<typeof updateSiteSchema>) {
  await gate(deps, caller);
  requireOrgAdmin(caller);
  await checkedWkt(deps, input);
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('sites')
      .selectAll()
      .where('id', '=', input.id)
      .where('organization_id', '=', caller.organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const after = await trx
      .updateTable('sites')
      .set({ name: input.name, wkt: input.wkt, proj: input.proj ?? null, updated_at: new Date() })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const edited = editedArtifact(before, after, ['name', 'wkt', 'proj'], 'name');
    await recordActivity(trx, actorOf(caller), siteActivity('Edit', after, edited));
    return after;
  });
  return present(row);
}

/** A calibration assigned to a project cannot be deleted. */
export async function deleteSite(deps: Deps, caller: Caller, id: string) {
  await gate(deps, caller);
  requireOrgAdmin(caller);
  await deps.db.transaction().execute(async (trx) => {
    const site = await trx
      .selectFrom('sites')
      .select(['id', 'name'])
      .where('id', '=', id)
      .where('organization_id', '=', caller.organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!site) throw notFound();
    const used = await trx.selectFrom('projects').select('id').where('site_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw new AppError(409, 'Conflict', DATA_MSG.siteInUse);
    await trx.deleteFrom('sites').where('id', '=', id).execute();
    await recordActivity(trx, actorOf(caller), siteActivity('Delete', site));
  });
}

/** The organization's projects with their dictionary and calibration (for the sites and clients lists). */
export async function listProjectSummaries(deps: Deps, caller: Caller) {
  const rows = await deps.db
    .selectFrom('projects')
    .select(['id', 'name', 'dictionary_id', 'site_id'])
    .where('organization_id', '=', caller.organizationId)
    .orderBy('name')
    .execute();
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    dataDictionaryId: p.dictionary_id,
    proj: p.site_id ? { id: p.site_id } : null,
  }));
}
