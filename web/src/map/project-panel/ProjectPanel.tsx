import { Box, Drawer, IconButton, Toolbar, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useIntl } from 'react-intl';
import { OrganizationSelect } from '../../app/OrganizationSelect';

export const PROJECT_PANEL_WIDTH = 375;

interface Props {
  open: boolean;
  /** User preference: overlay that closes on outside click, or a panel beside the map. */
  temporary: boolean;
  onClose: () => void;
}

/**
 * Right-hand project panel opened by `?pp=1`: the organization selector (for users of several
 * organizations); project browsing arrives with the projects area.
 */
export function ProjectPanel({ open, temporary, onClose }: Props) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.projects' });
  const paperSx = { width: PROJECT_PANEL_WIDTH, maxWidth: '100vw', boxSizing: 'border-box' as const };

  const content = (
    <Box role="region" aria-label={title} data-testid="project-panel" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar variant="dense" sx={{ gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        <IconButton aria-label={intl.formatMessage({ id: 'app.projects.close' })} onClick={onClose} edge="end" size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Toolbar>
      <Box sx={{ px: 2, pt: 2, '&:empty': { display: 'none' } }}>
        <OrganizationSelect />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
        {intl.formatMessage({ id: 'app.projects.empty' })}
      </Typography>
    </Box>
  );

  if (temporary) {
    return (
      <Drawer anchor="right" variant="temporary" open={open} onClose={onClose} slotProps={{ paper: { sx: paperSx } }}>
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      anchor="right"
      variant="persistent"
      open={open}
      sx={{ position: 'relative', flexShrink: 0, width: open ? PROJECT_PANEL_WIDTH : 0, maxWidth: '100vw' }}
      slotProps={{ paper: { sx: { ...paperSx, position: 'absolute', height: '100%' } } }}
    >
      {content}
    </Drawer>
  );
}
