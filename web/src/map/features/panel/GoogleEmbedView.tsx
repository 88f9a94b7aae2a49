import { Box, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { toLonLat } from 'ol/proj';
import { useMap } from '../../ol/MapContext';
import { directionsUrl, streetViewUrl } from './google-embed';

/** How long directions wait for the browser's position before starting from the map centre. */
const POSITION_WAIT_MS = 5000;

type Position = readonly number[];

function EmbedFrame({ src, titleId, testId }: { src: string; titleId: string; testId: string }) {
  const intl = useIntl();
  return (
    <Box sx={{ px: 1, pb: 1 }}>
      <Box
        component="iframe"
        src={src}
        title={intl.formatMessage({ id: titleId })}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        allowFullScreen
        data-testid={testId}
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: 260, sm: 320 },
          border: 0,
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      />
    </Box>
  );
}

/** Street view at the selected feature or vertex, looking within 50 m (spec 3 §2, §9). */
export function StreetView({ apiKey, position }: { apiKey: string; position: Position }) {
  return (
    <EmbedFrame src={streetViewUrl(apiKey, position)} titleId="app.feature.street.title" testId="feature-street-view" />
  );
}

/**
 * The browser's position, or the map centre when the browser has none, refuses, or does not answer
 * within a few seconds (a permission prompt left open).
 */
function useOrigin(): Position | null {
  const map = useMap();
  const [origin, setOrigin] = useState<Position | null>(null);
  useEffect(() => {
    let settled = false;
    const settle = (position: Position | null) => {
      if (settled) return;
      settled = true;
      const centre = map.getView().getCenter();
      setOrigin(position ?? (centre ? toLonLat(centre) : [0, 0]));
    };
    const timer = setTimeout(() => settle(null), POSITION_WAIT_MS);
    if (typeof navigator === 'undefined' || !navigator.geolocation) settle(null);
    else
      navigator.geolocation.getCurrentPosition(
        (p) => settle([p.coords.longitude, p.coords.latitude]),
        () => settle(null),
        { timeout: POSITION_WAIT_MS, maximumAge: 300_000 },
      );
    return () => {
      settled = true;
      clearTimeout(timer);
    };
  }, [map]);
  return origin;
}

/** Directions from the browser's position (or the map centre) to the selected feature or vertex (spec 3 §2). */
export function DirectionsView({ apiKey, position }: { apiKey: string; position: Position }) {
  const intl = useIntl();
  const origin = useOrigin();
  if (!origin) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={24} aria-label={intl.formatMessage({ id: 'app.feature.directions.locating' })} />
      </Box>
    );
  }
  return (
    <EmbedFrame
      src={directionsUrl(apiKey, origin, position)}
      titleId="app.feature.directions.title"
      testId="feature-directions"
    />
  );
}
