import type { ActivityType } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { actorOf, recordActivity } from '../activities/record.js';

/**
 * The activity entry of a forms administration write (issue #14): category Form, the form as the
 * artifact. A form belongs to the organization, so the entry names a project only when the write is
 * about one (a grant to it, or its withdrawal).
 */
export function logForm(
  trx: Executor,
  caller: Caller,
  type: Extract<ActivityType, 'Add' | 'Edit' | 'Delete'>,
  form: { id: string; name: string },
  message: string,
  options: { projectId?: string; extra?: Record<string, unknown> } = {},
) {
  return recordActivity(trx, actorOf(caller), {
    type,
    category: 'Form',
    message,
    projectId: options.projectId ?? null,
    artifact: {
      formId: form.id,
      name: form.name,
      ...(options.projectId ? { projectId: options.projectId } : {}),
      ...options.extra,
    },
  });
}
