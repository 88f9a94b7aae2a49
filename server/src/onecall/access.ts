import { ONECALL_MSG, oneCallFlags, oneCallMembers, type OneCallMember } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { forbidden } from '../http/errors.js';
import { isAdminOf, projectChain, projectOf, requireRight } from '../projects/access.js';

/** The organization's one-call settings (spec 1 §3 functionalityFlags.onecall). */
export interface OneCallSettings {
  enabled: boolean;
  positiveResponse: boolean;
  members: OneCallMember[];
}

export async function oneCallSettings(db: Executor, organizationId: string): Promise<OneCallSettings> {
  const org = await db
    .selectFrom('organizations')
    .select('functionality_flags')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const flags = org?.functionality_flags;
  return { ...oneCallFlags(flags), members: oneCallMembers(flags) };
}

/** Spec 3 §6: one-call needs the organization's onecall flag. */
export async function requireOneCall(db: Executor, caller: Caller): Promise<OneCallSettings> {
  const settings = await oneCallSettings(db, caller.organizationId);
  if (!settings.enabled) throw forbidden(ONECALL_MSG.disabled);
  return settings;
}

/** A project of the caller's organization that the caller administers (the one-call list is project settings). */
export async function administeredProject(db: Executor, caller: Caller, projectId: string) {
  const project = await projectOf(db, caller, projectId);
  requireRight(isAdminOf(caller, projectChain(project.id)));
  return project;
}
