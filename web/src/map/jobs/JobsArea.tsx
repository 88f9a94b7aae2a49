import { IconButton, Tooltip } from '@mui/material';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import { useIntl } from 'react-intl';
import { useJobsPanel } from './jobs-store';
import { JobsPanel } from './JobsPanel';
import { useImportWatcher } from './use-import-watcher';

/** The top toolbar's jobs toggle (spec 3 §2). */
export function JobsToggle() {
  const label = useIntl().formatMessage({ id: 'app.jobs.toggle' });
  const open = useJobsPanel((s) => s.open);
  const toggle = useJobsPanel((s) => s.toggle);
  return (
    <Tooltip title={label} placement="left">
      <IconButton color="inherit" aria-label={label} aria-pressed={open} onClick={toggle} data-testid="jobs-toggle">
        <WorkHistoryIcon />
      </IconButton>
    </Tooltip>
  );
}

/** The jobs panel when it is open, and the watch on this window's imports whether it is open or not. */
export function JobsArea() {
  useImportWatcher();
  const open = useJobsPanel((s) => s.open);
  return open ? <JobsPanel /> : null;
}
