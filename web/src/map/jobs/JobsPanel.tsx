import { useState } from 'react';
import { Box, IconButton, Paper, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useIntl } from 'react-intl';
import type { JobType } from '@fieldbook/domain';
import { useCurrentAccount } from '../../api/accounts';
import { useJobsPage } from '../../api/jobs';
import { useMapStore } from '../state/map-store';
import { DEFAULT_JOB_PAGE_SIZE } from './job-view';
import { useJobsPanel } from './jobs-store';
import { JobsTable } from './JobsTable';
import { ResizeGrip } from '../floating/ResizeGrip';
import { useStackLevel, useWindowStack } from '../floating/window-stack';
import { useFloatingWindow } from '../floating/use-floating-window';

/** Server paging: the key of each page reached so far (the first page has none). */
interface Paging {
  keys: (string | undefined)[];
  index: number;
  size: number;
}
const FIRST: Paging = { keys: [undefined], index: 0, size: DEFAULT_JOB_PAGE_SIZE };

/** Below the app bar (56 px on phones, 64 px otherwise). */
const topOffset = () => (window.innerWidth < 600 ? 56 : 64);

/**
 * The jobs panel (spec 3 §2, spec 1 §9): a floating window the user drags and resizes, with Imports
 * and Exports tabs of the current user's jobs in the current project, newest first, read again every
 * 2 s while a job runs.
 */
export function JobsPanel() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { tab, setTab, close } = useJobsPanel();
  const projectId = useMapStore((s) => s.projectId);
  const ownerId = useCurrentAccount().data?.id;
  const [collapsed, setCollapsed] = useState(false);
  const [paging, setPaging] = useState<Record<JobType, Paging>>({ IMPORT: FIRST, EXPORT: FIRST });
  const { rect, moveHandle, resizeHandle } = useFloatingWindow(topOffset());
  const level = useStackLevel('jobs');
  const current = paging[tab];
  const query = useJobsPage(
    {
      type: tab,
      projectID: projectId ?? undefined,
      ownerID: ownerId,
      pageKey: current.keys[current.index],
      pageSize: current.size,
    },
    !!ownerId,
  );
  const update = (next: Partial<Paging>) => setPaging((p) => ({ ...p, [tab]: { ...p[tab], ...next } }));
  const onPage = (index: number) => {
    if (index > current.index) {
      const nextKey = query.data?.next_page_key;
      if (!nextKey) return;
      update({ keys: [...current.keys.slice(0, index), nextKey], index });
    } else update({ index });
  };

  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-label={t('app.jobs')}
      data-testid="jobs-panel"
      // A press anywhere in the window brings it in front of the other floating window.
      onPointerDownCapture={() => useWindowStack.getState().raise('jobs')}
      sx={{
        position: 'fixed',
        left: rect.x,
        top: rect.y,
        width: rect.width,
        height: collapsed ? 'auto' : rect.height,
        zIndex: (theme) => theme.zIndex.appBar + 1 + level,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Box
        {...moveHandle}
        tabIndex={0}
        aria-label={t('app.jobs.move')}
        data-testid="jobs-panel-handle"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: 2,
          pr: 0.5,
          minHeight: 48,
          cursor: 'move',
          touchAction: 'none',
          userSelect: 'none',
          borderBottom: 1,
          borderColor: 'divider',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
          {t('app.jobs')}
        </Typography>
        <Tooltip title={t('app.jobs.refresh')}>
          <IconButton
            size="small"
            aria-label={t('app.jobs.refresh')}
            // A read already under way is joined, not cancelled: on a busy server, pressing refresh
            // again and again would otherwise cancel every answer before it arrives.
            onClick={() => void query.refetch({ cancelRefetch: false })}
            data-testid="jobs-refresh"
          >
            <RefreshIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t(collapsed ? 'app.jobs.expand' : 'app.jobs.collapse')}>
          <IconButton
            size="small"
            aria-label={t(collapsed ? 'app.jobs.expand' : 'app.jobs.collapse')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed(!collapsed)}
            data-testid="jobs-collapse"
          >
            {collapsed ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('app.jobs.close')}>
          <IconButton size="small" aria-label={t('app.jobs.close')} onClick={close} data-testid="jobs-close">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {!collapsed && (
        <>
          <Tabs value={tab} onChange={(_, v: JobType) => setTab(v)} variant="fullWidth" sx={{ flexShrink: 0 }}>
            <Tab value="IMPORT" label={t('app.jobs.imports')} data-testid="jobs-tab-imports" />
            <Tab value="EXPORT" label={t('app.jobs.exports')} data-testid="jobs-tab-exports" />
          </Tabs>
          <JobsTable
            type={tab}
            page={query.data}
            loading={query.isFetching && !query.data}
            failed={query.isError}
            pageIndex={current.index}
            pageSize={current.size}
            onPage={onPage}
            onPageSize={(size) => update({ keys: [undefined], index: 0, size })}
          />
          <ResizeGrip {...resizeHandle} label={t('app.jobs.resize')} testId="jobs-panel-resize" />
        </>
      )}
    </Paper>
  );
}
