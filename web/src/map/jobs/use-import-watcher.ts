import { useEffect, useEffectEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IMPORT_MSG, jobStatus, type Job } from '@fieldbook/domain';
import { useCurrentAccount } from '../../api/accounts';
import { JOBS_POLL_MS, jobKeys, jobsApi } from '../../api/jobs';
import { allFolders, projectKeys, projectsApi } from '../../api/projects';
import { useSession } from '../../api/session';
import { showSnack } from '../../app/snackbar-store';
import { showLayers } from '../project-panel/layer-toggles';
import { useJobsPanel, type WatchedImport } from './jobs-store';

/**
 * Waits for the imports started in this window (spec 3 §4 "upload: idle, uploading, done or error"):
 * when one ends, the project is read again so its new layers appear in the tree, and they are switched
 * on (a layer the user imports into is shown); a failed import says so.
 */
export function useImportWatcher() {
  const watched = useJobsPanel((s) => s.watched);
  const orgId = useSession((s) => s.orgId);
  const ownerId = useCurrentAccount().data?.id;
  const queryClient = useQueryClient();
  const recent = useQuery({
    queryKey: [...jobKeys.all(orgId), 'watched-imports', ownerId],
    queryFn: () => jobsApi.list({ type: 'IMPORT', ownerID: ownerId, pageSize: 50 }),
    enabled: watched.length > 0 && !!ownerId,
    refetchInterval: JOBS_POLL_MS,
  });

  const finish = useEffectEvent(async (entry: WatchedImport, job: Job) => {
    useJobsPanel.getState().unwatch(entry.jobId);
    const status = jobStatus(job);
    if (status === 'failed' || status === 'timeout') {
      showSnack(IMPORT_MSG.failed, 'error');
      return;
    }
    await queryClient.invalidateQueries({ queryKey: projectKeys.all(orgId) });
    const projects = await queryClient.fetchQuery({ queryKey: projectKeys.list(orgId), queryFn: projectsApi.list });
    const project = projects.find((p) => p.id === entry.projectId);
    const folder = project && allFolders(project).find((f) => f.id === entry.folderId);
    const added = (folder?.layers ?? []).map((l) => l.id).filter((id) => !entry.knownLayerIds.includes(id));
    if (added.length) showLayers(entry.projectId, added);
    // Other open pages of the jobs panel show the finished job too.
    void queryClient.invalidateQueries({ queryKey: jobKeys.all(orgId) });
    showSnack(
      status === 'success' ? 'app.layer.upload.done' : 'app.layer.upload.done-with-errors',
      status === 'success' ? 'success' : 'warning',
    );
  });

  // A new upload shows at once in a jobs panel already open: its table polls only while a job it
  // shows is running, so a page of finished jobs would not learn of the new one until it ended.
  const newest = watched.at(-1)?.jobId;
  useEffect(() => {
    if (newest) void queryClient.invalidateQueries({ queryKey: jobKeys.all(orgId) });
  }, [newest, orgId, queryClient]);

  const jobs = recent.data?.jobs;
  useEffect(() => {
    if (!jobs) return;
    for (const entry of useJobsPanel.getState().watched) {
      const job = jobs.find((j) => j.id === entry.jobId);
      if (job && jobStatus(job) !== 'inProgress') void finish(entry, job);
    }
  }, [jobs]);
}
