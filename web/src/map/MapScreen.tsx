import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import SettingsIcon from '@mui/icons-material/Settings';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useCurrentAccount } from '../api/accounts';
import { usePreferences } from '../app/preferences-store';
import { UserMenu } from '../app/UserMenu';
import { useEffect, useEffectEvent } from 'react';
import { MapCanvas } from './canvas/MapCanvas';
import { FeatureWorkspace } from './features/FeatureWorkspace';
import { JobsArea, JobsToggle } from './jobs/JobsArea';
import { SearchArea, SearchToggle } from './search/SearchArea';
import { ProjectLayers } from './layers/ProjectLayers';
import { MapProvider } from './ol/MapContext';
import { ProjectPanel } from './project-panel/ProjectPanel';
import { useMapStore } from './state/map-store';

/**
 * /index.html: the map screen frame — top bar, map area and the project panel (`?pp=1`).
 * The OpenLayers map (one per screen, see ol/MapContext) renders into the <main> map region; each area
 * adds its parts: canvas/ (basemap and controls), layers/ (project layers), project-panel/, features/.
 */
export function MapScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const account = useCurrentAccount().data;
  const theme = useTheme();
  // On a phone a side-by-side panel would leave no map, so it always overlays there.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const temporaryPanel = usePreferences((s) => s.prefs.projectPanelTemporary) || phone;
  const panelOpen = params.get('pp') === '1';
  const label = (id: string) => intl.formatMessage({ id });
  const featureSelected = useMapStore((s) => s.selection !== null);

  const setPanel = (open: boolean) =>
    setParams(
      (p) => {
        if (open) p.set('pp', '1');
        else p.delete('pp');
        return p;
      },
      { replace: true },
    );

  // Selecting a feature opens the feature panel and closes the project panel (spec 3 §2); opening the
  // project panel again while the feature stays selected is the user's choice.
  const closeProjectPanel = useEffectEvent(() => {
    if (params.get('pp') === '1') setPanel(false);
  });
  useEffect(() => {
    if (featureSelected) closeProjectPanel();
  }, [featureSelected]);

  // Plus organizations have no map screen (spec 1 §2.2).
  if (account?.organization.type === 'plus') return <Navigate to="/settings/home" replace />;

  return (
    <MapProvider>
      {/* clip, not hidden: a hidden box can still be scrolled (focus, scrollIntoView) while a panel slides in. */}
      <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh', overflow: 'clip' }}>
        <AppBar position="static" color="primary">
          <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
            {/* Top-bar tooltips open along the bar, not down over the map's search box (issue #12). */}
            <Tooltip title={label('app.projects.toggle')} placement="right">
              <IconButton
                color="inherit"
                aria-label={label('app.projects.toggle')}
                aria-pressed={panelOpen}
                // The project panel toggle is disabled while the feature panel is open (spec 3 §2).
                disabled={featureSelected}
                onClick={() => {
                  if (!panelOpen) useMapStore.getState().select(null);
                  setPanel(!panelOpen);
                }}
                data-testid="project-panel-toggle"
              >
                <FolderOpenIcon />
              </IconButton>
            </Tooltip>
            <Typography variant="h6" component="h1" sx={{ flex: 1, fontWeight: 700 }} noWrap>
              Fieldbook
            </Typography>
            <SearchToggle />
            <JobsToggle />
            <Tooltip title={label('app.settings')} placement="left">
              <IconButton
                color="inherit"
                aria-label={label('app.settings')}
                onClick={() => navigate('/settings/home')}
                data-testid="open-settings"
              >
                <SettingsIcon />
              </IconButton>
            </Tooltip>
            <UserMenu />
          </Toolbar>
        </AppBar>
        <Box sx={{ flex: 1, display: 'flex', position: 'relative', minHeight: 0 }}>
          <Box
            component="main"
            aria-label={label('app.map.region')}
            data-testid="map"
            sx={(theme) => ({
              flex: 1,
              minWidth: 0,
              position: 'relative',
              bgcolor: theme.palette.mode === 'dark' ? '#1b2421' : '#e7ece9',
            })}
          >
            <MapCanvas />
            <ProjectLayers />
          </Box>
          <ProjectPanel open={panelOpen} temporary={temporaryPanel} onClose={() => setPanel(false)} />
          <FeatureWorkspace />
        </Box>
        <JobsArea />
        <SearchArea />
      </Box>
    </MapProvider>
  );
}
