import { isProjectAdminOfAny } from '@fieldbook/domain';
import type { Project } from '../../api/projects';
import { subjectOf, type SettingsAccess } from '../access';

/**
 * Who reads the activity log (spec 1 §2.3, spec 3 §6): organization admins (every project) and admins of
 * at least one project (theirs); never plus organizations. Anyone else opening the route goes to the map.
 */
export function seesActivityLog(access: SettingsAccess): boolean {
  if (access.isPlus) return false;
  return access.isOrgAdmin || isProjectAdminOfAny(subjectOf(access.profile, access.account));
}

/** The projects the log may be filtered by: all for an organization admin, else those the user administers. */
export function filterableProjects(projects: Project[] | undefined, isOrgAdmin: boolean): Project[] {
  const list = projects ?? [];
  return isOrgAdmin ? list : list.filter((p) => p.abilities.admin);
}
