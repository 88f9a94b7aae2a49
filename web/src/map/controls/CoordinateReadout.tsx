import { useEffect, useMemo, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { toLonLat } from 'ol/proj';
import { useIntl } from 'react-intl';
import { useProject } from '../../api/projects';
import { useMap } from '../ol/MapContext';
import { useViewState } from '../ol/view';
import { useMapStore } from '../state/map-store';
import { siteProjector } from '../site/site-projection';
import { formatLatLng, type LatLng } from './coordinates';

/**
 * Coordinate readout (spec 3 §2): the pointer position as lat, lng with 6 decimals, and the easting and
 * northing in the project's projection when one is set. While the pointer is off the map it shows the
 * centre of the view.
 */
export function CoordinateReadout({ attribution }: { attribution: string | null }) {
  const intl = useIntl();
  const map = useMap();
  const projectId = useMapStore((s) => s.projectId);
  const proj = useProject(projectId).data?.proj ?? null;
  const project = useMemo(() => siteProjector(proj), [proj]);
  // The pointer's position while it is over the map; otherwise the centre of the view as it is now
  // (not the default centre the map starts from: the saved view is applied after mount).
  const [pointer, setPointer] = useState<LatLng | null>(null);
  const centre = useViewState(map);

  useEffect(() => {
    let frame = 0;
    const onMove = (e: { coordinate: number[] }) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const [lng, lat] = toLonLat(e.coordinate);
        setPointer({ lat, lng });
      });
    };
    const onLeave = () => {
      cancelAnimationFrame(frame);
      setPointer(null);
    };
    const viewport = map.getViewport();
    map.on('pointermove', onMove);
    viewport?.addEventListener('pointerleave', onLeave);
    return () => {
      map.un('pointermove', onMove);
      viewport?.removeEventListener('pointerleave', onLeave);
      cancelAnimationFrame(frame);
    };
  }, [map]);

  const position = pointer ?? centre;
  const projected = project?.([position.lng, position.lat]);
  return (
    <Box
      // Not a live region: it changes with every pointer move and would flood a screen reader.
      role="group"
      aria-label={intl.formatMessage({ id: 'app.map.readout' })}
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        columnGap: 1.5,
        px: 1,
        py: 0.25,
        borderTopRightRadius: 6,
        bgcolor: theme.palette.mode === 'dark' ? 'rgba(17, 23, 21, 0.8)' : 'rgba(255, 255, 255, 0.85)',
        color: 'text.primary',
        fontSize: 12,
        maxWidth: '100%',
      })}
    >
      <Typography
        component="span"
        variant="caption"
        data-testid="map-readout"
        sx={{ fontVariantNumeric: 'tabular-nums', fontFamily: 'ui-monospace, monospace' }}
      >
        {formatLatLng(position)}
      </Typography>
      {projected && (
        <Typography
          component="span"
          variant="caption"
          data-testid="map-readout-projected"
          sx={{ fontVariantNumeric: 'tabular-nums', fontFamily: 'ui-monospace, monospace' }}
        >
          {intl.formatMessage(
            { id: 'app.map.readout.projected' },
            { easting: projected[0].toFixed(3), northing: projected[1].toFixed(3), name: proj?.name ?? '' },
          )}
        </Typography>
      )}
      {attribution && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ fontSize: 10 }}>
          {attribution}
        </Typography>
      )}
    </Box>
  );
}
