import type { z } from 'zod';
import { MSG, type Job, type jobsQuerySchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Caller } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import { canView, projectChain, projectOf } from '../projects/access.js';
import type { JobRecord } from './queue.js';

export function presentJob(row: JobRecord): Job {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    projectId: row.project_id,
    ownerId: row.owner_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    isComplete: row.is_complete,
    hasError: row.has_error,
    timeoutTime: row.timeout_time ? row.timeout_time.toISOString() : null,
    resultURL: row.result_url,
    infoMessages: row.info_messages,
    processed: Number(row.processed),
    total: Number(row.total),
  };
}

/** Page keys name the last job of the previous page by its queue order (newest first). */
const encodeKey = (row: JobRecord) => Buffer.from(String(row.seq)).toString('base64url');

function decodeKey(key: string): string {
  const seq = Buffer.from(key, 'base64url').toString();
  if (!/^\d{1,18}$/.test(seq)) throw badRequest(MSG.invalidId);
  return seq;
}

/**
 * Jobs of the caller's organization in projects the caller may view (one project with projectID),
 * plus the caller's own jobs that belong to no project; paged newest first.
 */
export async function listJobs(deps: Deps, caller: Caller, query: z.output<typeof jobsQuerySchema>) {
  let projectIds: string[];
  if (query.projectID) {
    projectIds = [(await projectOf(deps.db, caller, query.projectID)).id];
  } else {
    const projects = await deps.db
      .selectFrom('projects')
      .select('id')
      .where('organization_id', '=', caller.organizationId)
      .execute();
    projectIds = projects.map((p) => p.id).filter((id) => canView(caller, projectChain(id)));
  }
  let q = deps.db
    .selectFrom('jobs')
    .selectAll()
    .where('organization_id', '=', caller.organizationId)
    .where((eb) => {
      const inProjects = projectIds.length ? eb('project_id', 'in', projectIds) : eb.val(false);
      return query.projectID
        ? inProjects
        : eb.or([inProjects, eb.and([eb('project_id', 'is', null), eb('owner_id', '=', caller.accountId)])]);
    });
  if (query.type) q = q.where('type', '=', query.type);
  if (query.ownerID) q = q.where('owner_id', '=', query.ownerID);
  if (query.pageKey) q = q.where('seq', '<', decodeKey(query.pageKey));
  const rows = await q
    .orderBy('seq', 'desc')
    .limit(query.pageSize + 1)
    .execute();
  const page = rows.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    jobs: page.map(presentJob),
    next_page_key: rows.length > query.pageSize && last ? encodeKey(last) : null,
  };
}
