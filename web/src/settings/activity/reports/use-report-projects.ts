import { effectiveMask, maskAllows } from '@fieldbook/domain';
import { useProjects } from '../../../api/projects';
import type { SettingsAccess } from '../../access';
import type { Picked } from './PeopleAndProjects';

/**
 * The projects the report may be narrowed to: all of them for organization admins, otherwise only the
 * projects the user administers (spec 3 §4, §6), by name.
 */
export function useReportProjects(access: SettingsAccess | null): Picked[] {
  const projects = useProjects(!!access).data ?? [];
  if (!access) return [];
  const organization = { type: 'organization' as const, id: access.profile.organization.id };
  const mine = access.isOrgAdmin
    ? projects
    : projects.filter((p) =>
        maskAllows(effectiveMask(access.profile.permissions, [{ type: 'project', id: p.id }, organization]), 'admin'),
      );
  return mine.map((p) => ({ id: p.id, label: p.name })).sort((a, b) => a.label.localeCompare(b.label));
}
