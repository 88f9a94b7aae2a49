import { useMemo, useState } from 'react';
import { Box } from '@mui/material';
import type { ActivityEntry } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { useProjects } from '../../../api/projects';
import type { LogFilterState } from '../../../settings/activity/log-filters';
import { restorableFeatureId } from '../../../settings/activity/log-format';
import { LogTable } from '../../../settings/activity/LogTable';
import { RestoreDialog } from '../../../settings/activity/RestoreDialog';
import { useWorkspaceData } from '../use-workspace-data';

/** Entries per page in the panel's narrow table (spec 3 §9 logs page sizes 5, 10, 15). */
const PANEL_PAGE_SIZE = 15;

/**
 * ACTIVITY tab (spec 3 §2): the log of this feature, newest first, rendered like the activity logs
 * screen; its Add, Edit and Delete entries offer Restore to feature admins of a writable layer.
 */
export function ActivityTab({ feature }: { feature: FeatureOut }) {
  const { layer } = useWorkspaceData();
  const projects = useProjects();
  const projectNames = useMemo(() => new Map((projects.data ?? []).map((p) => [p.id, p.name])), [projects.data]);
  const filters: LogFilterState = useMemo(() => ({ partialArtifacts: { featureId: feature.id } }), [feature.id]);
  const [restoring, setRestoring] = useState<ActivityEntry | null>(null);
  const mayRestore = !!feature.abilities?.admin && !layer(feature.properties.layer_id)?.readOnly;

  return (
    <Box sx={{ p: 1 }} data-testid="feature-activity">
      <LogTable
        filters={filters}
        order="DESC"
        pageSize={PANEL_PAGE_SIZE}
        compact
        showTime
        showProject={false}
        projectNames={projectNames}
        canRestore={(entry) => mayRestore && restorableFeatureId(entry) === feature.id}
        onRestore={setRestoring}
        testId="feature-activity-table"
      />
      <RestoreDialog entry={restoring} onClose={() => setRestoring(null)} />
    </Box>
  );
}
