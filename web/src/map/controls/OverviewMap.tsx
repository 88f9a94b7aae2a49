import { useEffect, useRef } from 'react';
import { Paper } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import OverviewMapControl from 'ol/control/OverviewMap';
import { useIntl } from 'react-intl';
import { loadAtlas } from '../basemap/load-atlas';
import { createOfflineLayers } from '../basemap/offline-layers';
import { useMap } from '../ol/MapContext';

/**
 * The secondary view (spec 3 §2): a small overview of the surroundings with the main map's extent
 * outlined, drawn from the offline basemap so it works with no internet.
 */
export function OverviewMap() {
  const intl = useIntl();
  const map = useMap();
  const theme = useTheme();
  const target = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let control: OverviewMapControl | undefined;
    let cancelled = false;
    loadAtlas()
      .then((atlas) => {
        if (cancelled || !target.current) return;
        control = new OverviewMapControl({
          target: target.current,
          collapsible: false,
          collapsed: false,
          layers: createOfflineLayers(atlas, theme.palette.mode),
        });
        map.addControl(control);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (control) map.removeControl(control);
    };
  }, [map, theme.palette.mode]);

  return (
    <Paper
      ref={target}
      elevation={3}
      role="img"
      aria-label={intl.formatMessage({ id: 'app.map.overview' })}
      data-testid="map-overview"
      sx={{
        width: 180,
        height: 130,
        overflow: 'hidden',
        '& .ol-overviewmap, & .ol-overviewmap-map': { width: '100%', height: '100%' },
        '& .ol-overviewmap-box': {
          border: `2px solid ${theme.palette.primary.main}`,
          bgcolor: 'rgba(31, 111, 92, 0.12)',
        },
      }}
    />
  );
}
