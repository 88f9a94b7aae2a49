import { Box, Button, CircularProgress, Drawer, IconButton, Toolbar, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useIntl } from 'react-intl';
import { effectiveMask, isAtLeastEditor, maskAllows } from '@fieldbook/domain';
import { useCurrentAccount, useProfile } from '../../api/accounts';
import { OrganizationSelect } from '../../app/OrganizationSelect';
import { usePreferences } from '../../app/preferences-store';
import { showsMapOrganizationSelect, useSettingsAccess } from '../../settings/access';
import { ExternalLayers } from '../external/ExternalLayers';
import { PanelActions } from './PanelActions';
import { PanelDialogs } from './PanelDialogs';
import { ProjectPicker } from './ProjectPicker';
import { panelFlags } from './rights';
import { ProjectTree } from './tree/ProjectTree';
import { usePanelDialogs } from './panel-store';
import { useCurrentProject } from './use-current-project';
import { usePanelWidth } from './use-panel-width';

interface Props {
  open: boolean;
  /** User preference or a phone: overlay that closes on outside click, else a panel beside the map. */
  temporary: boolean;
  onClose: () => void;
}

/**
 * Right-hand project panel opened by `?pp=1` (spec 3 §2): organization selector, project picker,
 * action icons, the folder and layer tree, and the panel's dialogs. It also keeps the current
 * project (restored from preferences) while closed, and draws external-service layers.
 */
export function ProjectPanel({ open, temporary, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { projects, current, loading } = useCurrentProject();
  const account = useCurrentAccount().data;
  const profile = useProfile().data;
  const access = useSettingsAccess();
  const temporaryPref = usePreferences((s) => s.prefs.projectPanelTemporary);
  const { width, min, max, onPointerDown, onKeyDown } = usePanelWidth(temporaryPref);
  const openDialog = usePanelDialogs((s) => s.open);
  const flags = panelFlags(account?.organization.functionalityFlags);
  const canCreateProject =
    !!profile &&
    isAtLeastEditor(profile.userType) &&
    maskAllows(effectiveMask(profile.permissions, [{ type: 'organization', id: profile.organization.id }]), 'create');
  const paperSx = { width, maxWidth: '100vw', boxSizing: 'border-box' as const };

  const empty = (messageId: string, buttonId: string, testId: string, enabled: boolean, onClick: () => void) => (
    <Box
      sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1.5 }}
      data-testid={`${testId}-empty`}
    >
      <Typography variant="body2" color="text.secondary">
        {t(messageId)}
      </Typography>
      <Button variant="contained" size="small" disabled={!enabled} onClick={onClick} data-testid={testId}>
        {t(buttonId)}
      </Button>
    </Box>
  );

  const content = (
    <Box
      role="region"
      aria-label={t('app.projects')}
      data-testid="project-panel"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', position: 'relative' }}
    >
      <Box
        role="separator"
        aria-orientation="vertical"
        aria-label={t('app.projects.resize')}
        aria-valuenow={width}
        aria-valuemin={min}
        aria-valuemax={max}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        data-testid="project-panel-resize"
        sx={{
          position: 'absolute',
          left: 0,
          top: 0,
          bottom: 0,
          width: 6,
          cursor: 'col-resize',
          zIndex: 1,
          touchAction: 'none',
          '&:hover, &:focus-visible': { bgcolor: 'primary.main', opacity: 0.4, outline: 'none' },
        }}
      />
      <Toolbar variant="dense" sx={{ gap: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {t('app.projects')}
        </Typography>
        <IconButton aria-label={t('app.projects.close')} onClick={onClose} edge="end" size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Toolbar>
      {access && showsMapOrganizationSelect(access) && (
        <Box sx={{ px: 2, pt: 2, '&:empty': { display: 'none' } }} data-testid="project-panel-org">
          <OrganizationSelect single />
        </Box>
      )}
      {loading && <CircularProgress size={24} sx={{ m: 2 }} aria-label={t('app.loading')} />}
      {projects &&
        projects.length === 0 &&
        empty('app.projects.empty', 'app.project.new', 'add-project', canCreateProject, () =>
          openDialog({ kind: 'newProject' }),
        )}
      {projects && projects.length > 0 && (
        <>
          <Box sx={{ px: 2, pt: 2, pb: 1 }}>
            <ProjectPicker projects={projects} current={current} />
          </Box>
          <PanelActions project={current} canCreateProject={canCreateProject} />
          {current &&
            current.folders.length === 0 &&
            empty('app.folders.empty', 'app.folder.new', 'add-folder', current.abilities.createFolder, () =>
              openDialog({ kind: 'newFolder', parentId: null }),
            )}
          {current && current.folders.length > 0 && (
            <ProjectTree project={current} flags={flags} onClosePanel={onClose} />
          )}
        </>
      )}
    </Box>
  );

  const drawer = temporary ? (
    <Drawer anchor="right" variant="temporary" open={open} onClose={onClose} slotProps={{ paper: { sx: paperSx } }}>
      {content}
    </Drawer>
  ) : (
    <Drawer
      anchor="right"
      variant="persistent"
      open={open}
      sx={{ position: 'relative', flexShrink: 0, width: open ? width : 0, maxWidth: '100vw' }}
      slotProps={{ paper: { sx: { ...paperSx, position: 'absolute', height: '100%' } } }}
    >
      {content}
    </Drawer>
  );

  return (
    <>
      {drawer}
      <PanelDialogs project={current} projects={projects ?? []} flags={flags} />
      <ExternalLayers project={current} />
    </>
  );
}
