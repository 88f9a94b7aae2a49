import { ACTIVITY_MSG, isOrgAdmin, SUPPORT_USER_TYPE } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { forbidden } from '../http/errors.js';
import { isAdminOf, projectChain } from '../projects/access.js';

/**
 * Whose entries a caller may read (spec 3 §6 log visibility): an organization admin reads the whole
 * log of the organization; anyone else reads the entries of the projects they administer, or nothing
 * (403, and the web app sends them back to the map). Entries written by support users (type 1111) are
 * read by support users only.
 */
export interface LogScope {
  organizationId: string;
  /** 'all' for an organization admin, else the administered projects (never empty). */
  projectIds: 'all' | string[];
  seesSupportEntries: boolean;
}

export async function logScopeOf(db: Executor, caller: Caller): Promise<LogScope> {
  const seesSupportEntries = caller.userType === SUPPORT_USER_TYPE;
  if (isOrgAdmin(caller)) return { organizationId: caller.organizationId, projectIds: 'all', seesSupportEntries };
  const projects = await db
    .selectFrom('projects')
    .select('id')
    .where('organization_id', '=', caller.organizationId)
    .execute();
  const administered = projects.map((p) => p.id).filter((id) => isAdminOf(caller, projectChain(id)));
  if (!administered.length) throw forbidden(ACTIVITY_MSG.notAllowed);
  return { organizationId: caller.organizationId, projectIds: administered, seesSupportEntries };
}
