import { useEffect, useMemo, useState } from 'react';
import { Box, Tab, Tabs, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';
import type { ActivityEntry } from '@fieldbook/domain';
import { ACTIVITY_PAGE_SIZE } from '@fieldbook/domain';
import { useProjects } from '../../api/projects';
import { useSession } from '../../api/session';
import { useSettingsAccess } from '../access';
import { PageHeader } from '../PageHeader';
import { filterableProjects } from './activity-access';
import { ExportLogDialog } from './ExportLogDialog';
import { LogFilterBar } from './LogFilterBar';
import { restorableDeletionId, restorableFeatureId } from './log-format';
import { useLogScreen } from './log-store';
import { LogTable } from './LogTable';
import { ReportsTab } from './reports/ReportsTab';
import { RestoreDeletionDialog } from './RestoreDeletionDialog';
import { RestoreDialog } from './RestoreDialog';

/** Feature writes restore the feature; layer and folder deletions bring the layer back with its features. */
const canRestore = (entry: ActivityEntry) =>
  restorableFeatureId(entry) !== null || restorableDeletionId(entry) !== null;

/**
 * …/activity-logs (spec 3 §2): the Activity logs tab (filter bar, infinite log table with restore and
 * export) and the Reports tab, whose bars open the log filtered by their query.
 */
export function ActivityLogsPage() {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // Five columns and Restore need the width of a large screen beside the settings drawer.
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  const access = useSettingsAccess();
  const isOrgAdmin = access?.isOrgAdmin ?? false;
  const { tab, filters, order, setTab, setFilters, setOrder, openLog, resetFor } = useLogScreen();
  const orgId = useSession((s) => s.orgId);
  const projects = useProjects();
  const offered = filterableProjects(projects.data, isOrgAdmin);
  const projectNames = useMemo(() => new Map((projects.data ?? []).map((p) => [p.id, p.name])), [projects.data]);
  const [restoring, setRestoring] = useState<ActivityEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  // Filters name users and projects of one organization: another organization starts afresh.
  useEffect(() => resetFor(orgId), [orgId, resetFor]);

  const tabProps = (value: 'logs' | 'reports') => ({
    value,
    id: `activity-tab-${value}`,
    'aria-controls': `activity-panel-${value}`,
    'data-testid': `activity-tab-${value}`,
  });

  return (
    <>
      <PageHeader title={label('app.settings.activity-logs')} subtitle={label('app.as.logs.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_, value: 'logs' | 'reports') => setTab(value)}
        aria-label={label('app.as.logs.tabs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab label={label('app.as.logs.tab.logs')} {...tabProps('logs')} />
        <Tab label={label('app.as.logs.tab.reports')} {...tabProps('reports')} />
      </Tabs>
      <Box role="tabpanel" id={`activity-panel-${tab}`} aria-labelledby={`activity-tab-${tab}`}>
        {tab === 'logs' ? (
          <>
            <LogFilterBar
              filters={filters}
              onChange={setFilters}
              order={order}
              onOrder={setOrder}
              isOrgAdmin={isOrgAdmin}
              projects={offered}
              onExport={() => setExporting(true)}
              onReports={() => setTab('reports')}
            />
            <LogTable
              filters={filters}
              order={order}
              pageSize={ACTIVITY_PAGE_SIZE}
              compact={narrow}
              showTime={!phone}
              showProject
              projectNames={projectNames}
              canRestore={canRestore}
              onRestore={setRestoring}
            />
          </>
        ) : (
          <ReportsTab onOpenLog={openLog} />
        )}
      </Box>
      <RestoreDialog
        entry={restoring && restorableFeatureId(restoring) ? restoring : null}
        onClose={() => setRestoring(null)}
      />
      <RestoreDeletionDialog
        entry={restoring && restorableDeletionId(restoring) ? restoring : null}
        onClose={() => setRestoring(null)}
      />
      <ExportLogDialog
        open={exporting}
        onClose={() => setExporting(false)}
        filters={filters}
        projects={projects.data ?? []}
      />
    </>
  );
}
