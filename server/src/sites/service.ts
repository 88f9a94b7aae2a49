import { z } from 'zod';
import { DATA_MSG, siteSchema, updateSiteSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { AppError, badRequest, notFound } from '../http/errors.js';
import { requireFlag } from '../http/flags.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { isValidCrsWkt } from './crs.js';

type SiteInput = z.output<typeof siteSchema>;

const gate = (deps: Deps, caller: Caller) =>
  requireFlag(deps.db, caller, 'siteCalibration', DATA_MSG.siteCalibrationDisabled);

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
  const row = await deps.db
    .insertInto('sites')
    .values({
      organization_id: caller.organizationId,
      name: input.name,
      wkt: input.wkt,
      proj: input.proj ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return present(row);
}

export async function updateSite(deps: Deps, caller: Caller, input: z.output<typeof updateSiteSchema>) {
  await gate(deps, caller);
  requireOrgAdmin(caller);
  await checkedWkt(deps, input);
  const row = await deps.db
    .updateTable('sites')
    .set({ name: input.name, wkt: input.wkt, proj: input.proj ?? null, updated_at: new Date() })
    .where('id', '=', input.id)
    .where('organization_id', '=', caller.organizationId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return present(row);
}

/** A calibration assigned to a project cannot be deleted. */
export async function deleteSite(deps: Deps, caller: Caller, id: string) {
  await gate(deps, caller);
  requireOrgAdmin(caller);
  await deps.db.transaction().execute(async (trx) => {
    const site = await trx
      .selectFrom('sites')
      .select('id')
      .where('id', '=', id)
      .where('organization_id', '=', caller.organizationId)
      .forUpdate()
      .executeTakeFirst();
    if (!site) throw notFound();
    const used = await trx.selectFrom('projects').select('id').where('site_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw new AppError(409, 'Conflict', DATA_MSG.siteInUse);
    await trx.deleteFrom('sites').where('id', '=', id).execute();
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
