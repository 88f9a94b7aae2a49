import type { PermissionEntry } from '@fieldbook/domain';
import type { ActivityRecord } from '../activities/record.js';
import type { GrantRow } from './store.js';

export type ShareChange = 'created' | 'requested' | 'accepted' | 'denied' | 'deleted' | 'permissions changed';

/**
 * Organization permission codes (spec 1 §4) are logged as Share entries of category General, in the
 * organization whose admin acted, naming both organizations as they were called then.
 */
export function shareActivity(change: ShareChange, grant: GrantRow): ActivityRecord {
  const between = grant.grantee_name
    ? `Share of '${grant.grantor_name}' with '${grant.grantee_name}'`
    : `Share code of '${grant.grantor_name}'`;
  return {
    type: 'Share',
    category: 'General',
    message: `${between} ${change}`,
    projectId: null,
    artifact: {
      grantId: grant.id,
      state: grant.state,
      grantorOrganizationId: grant.grantor_organization_id,
      grantorOrganization: grant.grantor_name,
      granteeOrganizationId: grant.grantee_organization_id,
      granteeOrganization: grant.grantee_name,
      permissions: (grant.permissions ?? []) as PermissionEntry[],
    },
  };
}
