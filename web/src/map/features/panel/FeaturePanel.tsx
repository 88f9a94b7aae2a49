import {
  Box,
  CircularProgress,
  Drawer,
  IconButton,
  Tab,
  Tabs,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useCurrentAccount } from '../../../api/accounts';
import { useFeature } from '../../../api/features';
import { usePreferences } from '../../../app/preferences-store';
import { useMapStore } from '../../state/map-store';
import { useWorkspace } from '../workspace-store';
import { findComponent } from '../dialogs/attribute-form';
import { useWorkspaceData } from '../use-workspace-data';
import { FEATURE_TABS, tabFor } from './tabs';
import { useResizableWidth } from './useResizableWidth';

/**
 * Closing clears the selection, ends an unsaved geometry edit (the editor resets it on leaving) and
 * drops the join markers of a join started from the feature (spec 3 §4).
 */
export function closeFeaturePanel() {
  const store = useMapStore.getState();
  if (['edit', 'join-points', 'join-line'].includes(store.mode.type)) store.setMode({ type: 'idle' });
  store.select(null);
  useWorkspace.getState().setEditPanel(null);
}

/** The feature panel (spec 3 §2): right drawer, resizable, maximize/collapse, close, tabs. */
export function FeaturePanel() {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const selection = useMapStore((s) => s.selection);
  const query = useFeature(selection?.featureId);
  const feature = query.data?.id === selection?.featureId ? query.data : undefined;
  const { dictionary, layer } = useWorkspaceData();
  const savedTab = usePreferences((s) => s.prefs.lastFeaturePanelView);
  const { width, min, max, maximized, setMaximized, startDrag, onHandleKey } = useResizableWidth();
  const busyOnMap = useMapStore((s) => s.mode.type !== 'idle');
  const leaderDraft = useWorkspace((s) => s.leaderDraft !== null);
  // On a phone the panel covers the map, so it steps aside while the user edits, joins or places a leader.
  const open = selection !== null && !(phone && (busyOnMap || leaderDraft));

  // A new selection starts at its first vertex with no edit panel open.
  useEffect(() => {
    useWorkspace.getState().setVertex(0);
    useWorkspace.getState().setEditPanel(null);
  }, [selection?.featureId]);

  const org = { functionalityFlags: useCurrentAccount().data?.organization.functionalityFlags };
  const tab = feature ? tabFor(feature, savedTab, org) : FEATURE_TABS[0];
  const component = feature
    ? findComponent(dictionary, {
        systemId: feature.properties.system_id ?? '',
        componentId: feature.properties.component_id ?? '',
      })
    : undefined;
  const title = component?.alias ?? layer(selection?.layerId)?.name ?? label('app.feature.panel.title');
  const panelWidth = phone ? '100vw' : width;

  const content = (
    <Box
      role="region"
      aria-label={label('app.feature.panel.title')}
      data-testid="feature-panel"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', position: 'relative' }}
    >
      {!phone && (
        <Box
          role="separator"
          aria-orientation="vertical"
          aria-label={label('app.feature.panel.resize')}
          tabIndex={0}
          aria-valuenow={Math.round(width)}
          aria-valuemin={Math.round(min)}
          aria-valuemax={Math.round(max)}
          onPointerDown={startDrag}
          onKeyDown={onHandleKey}
          data-testid="feature-panel-resize"
          sx={{
            position: 'absolute',
            left: 0,
            top: 0,
            bottom: 0,
            width: 6,
            cursor: 'ew-resize',
            zIndex: 2,
            '&:hover, &:focus-visible': { bgcolor: 'primary.main', opacity: 0.4, outline: 'none' },
          }}
        />
      )}
      <Toolbar variant="dense" sx={{ gap: 0.5, borderBottom: 1, borderColor: 'divider', pl: 2 }}>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ flex: 1, fontWeight: 600 }}
          noWrap
          data-testid="feature-panel-title"
        >
          {title}
        </Typography>
        {!phone && (
          <Tooltip title={label(maximized ? 'app.feature.panel.collapse' : 'app.feature.panel.maximize')}>
            <IconButton
              size="small"
              aria-label={label(maximized ? 'app.feature.panel.collapse' : 'app.feature.panel.maximize')}
              aria-pressed={maximized}
              onClick={() => setMaximized(!maximized)}
              data-testid="feature-panel-maximize"
            >
              {maximized ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={label('app.feature.panel.close')}>
          <IconButton
            size="small"
            edge="end"
            aria-label={label('app.feature.panel.close')}
            onClick={closeFeaturePanel}
            data-testid="feature-panel-close"
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Toolbar>
      {feature && (
        <Tabs
          value={tab.id}
          onChange={(_, id: string) => usePreferences.getState().update({ lastFeaturePanelView: id })}
          variant="scrollable"
          aria-label={label('app.feature.panel.tabs')}
          sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
        >
          {FEATURE_TABS.filter((t) => t.visible(feature, org)).map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={label(t.labelId)}
              // Compact, so the five tabs fit the default 375 px panel (a tab under the scroll arrow was hidden).
              sx={{ minHeight: 40, minWidth: 0, px: 1.25 }}
              data-testid={`feature-tab-${t.id}`}
            />
          ))}
        </Tabs>
      )}
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {feature ? (
          <tab.Component feature={feature} />
        ) : query.isError ? (
          <Typography sx={{ p: 2 }} color="error">
            {label('app.feature.load.error')}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress size={28} aria-label={label('app.feature.loading')} />
          </Box>
        )}
      </Box>
    </Box>
  );

  if (phone) {
    return (
      <Drawer
        anchor="right"
        variant="temporary"
        open={open}
        onClose={closeFeaturePanel}
        slotProps={{ paper: { sx: { width: panelWidth } } }}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      anchor="right"
      variant="persistent"
      open={open}
      sx={{ position: 'relative', flexShrink: 0, width: open ? panelWidth : 0 }}
      slotProps={{
        paper: { sx: { width: panelWidth, position: 'absolute', height: '100%', boxSizing: 'border-box' } },
      }}
    >
      {content}
    </Drawer>
  );
}
