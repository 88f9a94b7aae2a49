import { Divider, IconButton, Paper, Stack, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import StraightenIcon from '@mui/icons-material/Straighten';
import LayersIcon from '@mui/icons-material/Layers';
import PictureInPictureIcon from '@mui/icons-material/PictureInPictureAlt';
import ListAltIcon from '@mui/icons-material/ListAlt';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { usePreferences } from '../../app/preferences-store';
import { selectedLayerIds } from '../layers/selected-layers';
import { useMap } from '../ol/MapContext';
import { useMapStore } from '../state/map-store';
import { goToCurrentLocation, zoomBy, zoomToLayers } from './map-actions';

interface Props {
  prefsOpen: boolean;
  onTogglePrefs: () => void;
  overviewOpen: boolean;
  legendOpen: boolean;
  onToggleLegend: () => void;
  onToggleOverview: () => void;
}

/** The map control buttons (spec 3 §2 map controls): zoom, zoom to extent, location, measuring, map preferences. */
export function MapControls({
  prefsOpen,
  onTogglePrefs,
  overviewOpen,
  onToggleOverview,
  legendOpen,
  onToggleLegend,
}: Props) {
  const intl = useIntl();
  const map = useMap();
  const measuring = useMapStore((s) => s.mode.type === 'measure');
  const label = (id: string) => intl.formatMessage({ id });

  const button = (id: string, testId: string, icon: ReactNode, onClick: () => void, pressed?: boolean) => (
    <Tooltip title={label(id)} placement="left">
      <IconButton
        size="small"
        aria-label={label(id)}
        aria-pressed={pressed}
        color={pressed ? 'primary' : 'default'}
        onClick={onClick}
        data-testid={testId}
        sx={{ borderRadius: 1, width: 36, height: 36 }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );

  const toggleMeasure = () => useMapStore.getState().setMode(measuring ? { type: 'idle' } : { type: 'measure' });
  const zoomToExtent = () => {
    const { projectId } = useMapStore.getState();
    void zoomToLayers(map, selectedLayerIds(usePreferences.getState().prefs, projectId));
  };

  return (
    <Paper
      elevation={2}
      component="nav"
      aria-label={label('app.map.controls')}
      sx={{ display: 'flex', flexDirection: 'column', p: 0.25 }}
    >
      <Stack>
        {button('app.map.controls.zoom-in', 'map-zoom-in', <AddIcon />, () => zoomBy(map, 1))}
        {button('app.map.controls.zoom-out', 'map-zoom-out', <RemoveIcon />, () => zoomBy(map, -1))}
      </Stack>
      <Divider />
      {button('app.map.controls.extent', 'map-zoom-extent', <ZoomOutMapIcon />, zoomToExtent)}
      {button('app.map.controls.locate', 'map-locate', <MyLocationIcon />, () => goToCurrentLocation(map))}
      {button('app.map.controls.measure', 'map-measure', <StraightenIcon />, toggleMeasure, measuring)}
      <Divider />
      {button(
        'app.map.controls.overview',
        'map-overview-toggle',
        <PictureInPictureIcon />,
        onToggleOverview,
        overviewOpen,
      )}
      {button('app.map.legend', 'map-legend-toggle', <ListAltIcon />, onToggleLegend, legendOpen)}
      {button('app.map.controls.preferences', 'map-prefs-toggle', <LayersIcon />, onTogglePrefs, prefsOpen)}
    </Paper>
  );
}
