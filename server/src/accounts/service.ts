import {
  CURRENT_EULA_TIMESTAMP,
  isAtLeastCollector,
  isAtLeastEditor,
  isAtLeastViewer,
  isSupport,
  type Account,
  type Profile,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { forbidden, notFound } from '../http/errors.js';
import { findOrganization, findOrganizationSummaries } from '../organizations/store.js';
import { presentOrganization } from '../organizations/present.js';
import {
  findAccountById,
  findMembership,
  listMembershipOrganizationIds,
  listPermissions,
  updateAccount,
} from './store.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { memberActivity } from '../members/activity.js';

/** The Account entity of spec 1 §3 for the caller in the selected organization. */
export async function currentAccount(deps: Deps, caller: Caller): Promise<Account> {
  const account = await findAccountById(deps.db, caller.accountId);
  const membership = await findMembership(deps.db, caller.accountId, caller.organizationId);
  const org = await findOrganization(deps.db, caller.organizationId);
  if (!account || !membership || !org) throw notFound();
  return {
    id: account.id,
    email: account.email,
    firstName: account.first_name,
    lastName: account.last_name,
    userType: membership.user_type,
    isActive: membership.is_active,
    renew: membership.renew,
    createdDt: new Date(account.created_at).toISOString(),
    permissions: await listPermissions(deps.db, caller.accountId, caller.organizationId),
    organization: await presentOrganization(deps.db, org, account.default_organization_id),
    rtkInfo: { id: membership.rtk_id, seats: org.rtk_seats },
    isProstar: isSupport(membership.user_type),
    isViewer: isAtLeastViewer(membership.user_type) && !isAtLeastCollector(membership.user_type),
    isDataCollector: isAtLeastCollector(membership.user_type) && !isAtLeastEditor(membership.user_type),
    isEditor: isAtLeastEditor(membership.user_type),
  };
}

/** What the hosted provider carried in token claims: organizations, permissions, EULA, active. */
export async function profile(deps: Deps, caller: Caller): Promise<Profile> {
  const account = await findAccountById(deps.db, caller.accountId);
  if (!account) throw notFound();
  const organizations = await findOrganizationSummaries(
    deps.db,
    await listMembershipOrganizationIds(deps.db, caller.accountId),
  );
  const organization = organizations.find((o) => o.id === caller.organizationId);
  if (!organization) throw forbidden();
  return {
    organization,
    organizations,
    permissions: await listPermissions(deps.db, caller.accountId, caller.organizationId),
    eula: { web: account.eula_web === null ? null : Number(account.eula_web) },
    isActive: caller.isActive,
    userType: caller.userType,
    email: account.email,
    emailVerified: account.email_verified,
  };
}

export async function acceptWebEula(deps: Deps, caller: Caller): Promise<Profile> {
  await deps.db.transaction().execute(async (trx) => {
    await updateAccount(trx, caller.accountId, { eula_web: CURRENT_EULA_TIMESTAMP });
    const me = { id: caller.accountId, email: caller.email };
    const accepted = memberActivity('Edit', me, 'accepted the licence agreement', { eula: CURRENT_EULA_TIMESTAMP });
    await recordActivity(trx, actorOf(caller), accepted);
  });
  return profile(deps, caller);
}
