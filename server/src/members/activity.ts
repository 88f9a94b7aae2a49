import type { ActivityRecord } from '../activities/record.js';
import { namedActivity } from '../organizations/settings-activity.js';

/**
 * Member administration is logged in category General (issue #14), in the organization the member
 * belongs to, naming the member by e-mail (their names may not be the organization's to show).
 */
export const memberActivity = (
  type: 'Add' | 'Edit' | 'Delete',
  member: { id: string; email: string },
  did?: string,
  extra: Record<string, unknown> = {},
): ActivityRecord =>
  namedActivity({ type, noun: 'Member', idKey: 'accountId', thing: { id: member.id, name: member.email }, did, extra });
