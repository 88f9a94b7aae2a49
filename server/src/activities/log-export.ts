import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { ActivityEntry, ActivityFilters } from '@fieldbook/domain';
import { csvLine } from '../exports/csv-line.js';
import { exportDownloadPath, exportResultKey, workDir } from '../exports/run.js';
import type { JobHandler } from '../jobs/queue.js';
import { logCount, logPage } from './query.js';
import type { LogScope } from './scope.js';

/**
 * The log's CSV export (spec 3 §7 POST /rest/activities/export): an EXPORT job of its own variant, so
 * the user follows it in the jobs panel and downloads it like any export. Times are written in the
 * user's time zone, projects by the names the user saw (projectMapping), and the whole filtered log is
 * read in keyset pages, so a million entries never sit in memory.
 */
export const LOG_EXPORT_VARIANT = 'activity-log';

export interface LogExportPayload {
  variant: typeof LOG_EXPORT_VARIANT;
  scope: LogScope;
  filters: ActivityFilters;
  projectMapping: Record<string, string>;
  timezone: string;
  fileName: string;
}

const PAGE = 2_000;
const HEADER = ['Date', 'Time zone', 'User', 'Action', 'Category', 'Project', 'Message', 'Artifact'];

/** 'YYYY-MM-DD HH:mm:ss' in the zone (sv-SE writes ISO-like dates). */
export function zonedTime(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function entryLine(e: ActivityEntry, p: LogExportPayload): string {
  const project = e.ProjectId ? (p.projectMapping[e.ProjectId] ?? e.ProjectId) : '';
  const fields = [
    zonedTime(e.Timestamp, p.timezone),
    p.timezone,
    e.User.email ?? '',
    e.Type,
    e.Category,
    project,
    e.Message,
    e.Artifact ? JSON.stringify(e.Artifact) : '',
  ];
  return csvLine(fields);
}

export const runLogExport: JobHandler = async (job, ctx) => {
  const { deps } = ctx;
  const p = job.payload as unknown as LogExportPayload;
  const dir = workDir(deps, job.id);
  const file = path.join(dir, p.fileName);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  try {
    const total = await logCount(deps.db, p.scope, p.filters);
    await ctx.progress(0, total);
    const out = createWriteStream(file, { encoding: 'utf8' });
    // A byte-order mark so spreadsheet programs read the UTF-8 (names in any script) as UTF-8.
    out.write('\uFEFF' + HEADER.join(',') + '\r\n');
    let filters: ActivityFilters = { ...p.filters, pageSize: PAGE, lastTimestamp: undefined, lastSeq: undefined };
    let written = 0;
    for (;;) {
      ctx.signal.throwIfAborted();
      const page = await logPage(deps.db, p.scope, filters);
      const chunk = page.Items.map((e) => entryLine(e, p)).join('');
      if (!out.write(chunk)) await once(out, 'drain');
      written += page.Items.length;
      await ctx.progress(written, Math.max(total, written));
      if (!page.LastEvaluatedKey) break;
      filters = { ...filters, lastTimestamp: page.LastEvaluatedKey.Timestamp, lastSeq: page.LastEvaluatedKey.Seq };
    }
    out.end();
    await once(out, 'finish');
    await deps.files.putFile(`${exportResultKey(job.organization_id, job.id)}/${p.fileName}`, file);
    return { resultUrl: exportDownloadPath(job.id, p.fileName) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
