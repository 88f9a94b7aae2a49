import { canSeeUsersAndOrganization, isOrgAdmin, isOrgViewer, isPlusOrganization, isSupport } from '@fieldbook/domain';
import type { Caller } from '../http/context.js';
import { forbidden } from '../http/errors.js';

/**
 * Route-level checks of spec 1 §6, on top of the access level every route declares. The rules
 * themselves live in packages/domain so the web app hides exactly what the server refuses.
 */
export function requireOrgAdmin(caller: Caller): void {
  if (!isOrgAdmin(caller)) throw forbidden();
}

export function requireOrgViewer(caller: Caller): void {
  if (!isOrgViewer(caller)) throw forbidden();
}

export function requireUsersGroup(caller: Caller): void {
  if (!canSeeUsersAndOrganization(caller)) throw forbidden();
}

export function requireNotPlus(caller: Caller): void {
  if (isPlusOrganization(caller.organizationType)) throw forbidden();
}

export const callerIsSupport = (caller: Caller) => isSupport(caller.userType);
