import { effectiveMask, maskAllows } from '@fieldbook/domain';
import type { DictionarySummary } from '../../../api/dictionaries';
import { flagOn } from '../../../api/functionality-flags';
import { useSettingsAccess, type SettingsAccess } from '../../access';

/** What the current user may do with one dictionary (spec 2 §6). */
export interface DictionaryRights {
  /** Rename; add, edit, delete and reorder systems and components. */
  canEdit: boolean;
  /** Copy the dictionary into a new company dictionary. */
  canCopy: boolean;
  /** The pick list manager opens for changes (otherwise it only shows the lists). */
  canManagePickLists: boolean;
  /** Global pick lists are the organization's: only its admins change them. */
  canManageGlobalPickLists: boolean;
  isOrgAdmin: boolean;
  stylingEnabled: boolean;
}

export function isProjectAdminOf(access: SettingsAccess, projectIds: string[]): boolean {
  return projectIds.some((id) =>
    maskAllows(effectiveMask(access.profile.permissions, [{ type: 'project', id }]), 'admin'),
  );
}

export function dictionaryRights(
  access: SettingsAccess | null,
  dictionary: DictionarySummary | undefined,
): DictionaryRights {
  const orgAdmin = Boolean(access?.isOrgAdmin);
  const editable = Boolean(dictionary?.editable);
  const projectAdmin = Boolean(access && dictionary && isProjectAdminOf(access, dictionary.assignedProjectIds));
  return {
    canEdit: orgAdmin && editable,
    canCopy: orgAdmin,
    canManagePickLists: editable && (orgAdmin || projectAdmin),
    canManageGlobalPickLists: editable && orgAdmin,
    isOrgAdmin: orgAdmin,
    stylingEnabled: flagOn(access?.account, 'dictionaryStyling') === true,
  };
}

export function useDictionaryRights(dictionary: DictionarySummary | undefined): DictionaryRights {
  return dictionaryRights(useSettingsAccess(), dictionary);
}
