import { Box, IconButton, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { FeatureOut } from '../../../api/features';
import type { Project } from '../../../api/projects';
import { useMapKeys } from '../../basemap/map-config';
import { useMapStore } from '../../state/map-store';
import { vertices } from '../geo';
import { VertexFunctions } from '../line-functions/VertexFunctions';
import { useWorkspace } from '../workspace-store';
import { DirectionsView, StreetView } from './GoogleEmbedView';
import { PedigreePanel } from './PedigreePanel';
import { ProfileChart } from './ProfileChart';

/**
 * Views of the INFO tab's secondary area (spec 3 §2). STREET and DIRECTIONS use the Google Maps
 * Embed API and exist only when the operator configured a Google key; PROFILE is not for points.
 */
const VIEWS = ['STREET', 'DIRECTIONS', 'PEDIGREE', 'PROFILE'] as const;
type View = (typeof VIEWS)[number];
const GOOGLE_VIEWS: View[] = ['STREET', 'DIRECTIONS'];

export function SecondaryArea({
  feature,
  project,
  writable,
}: {
  feature: FeatureOut;
  project: Project | undefined;
  writable: boolean;
}) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const isPoint = feature.geometry.type === 'Point';
  const googleKey = useMapKeys().googleMapsKey;
  // Street view is for the selected feature and not while its geometry is being edited (spec 3 §2).
  const editing = useMapStore((s) => s.mode.type === 'edit');
  const [view, setView] = useState<View>('PEDIGREE');
  const [minimized, setMinimized] = useState(false);
  const vertex = useWorkspace((s) => s.vertex);
  const setVertex = useWorkspace((s) => s.setVertex);
  const points = vertices(feature.geometry);
  const count = points.length;
  const current = Math.min(vertex, Math.max(0, count - 1));
  const views = VIEWS.filter((v) => googleKey || !GOOGLE_VIEWS.includes(v));
  const unavailable = (v: View) => (v === 'PROFILE' && isPoint) || (v === 'STREET' && editing);
  const shown: View = views.includes(view) && !unavailable(view) ? view : 'PEDIGREE';

  return (
    <Box component="section" aria-label={label('app.feature.secondary')} sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={shown}
          onChange={(_, v: View | null) => v && setView(v)}
          aria-label={label('app.feature.secondary')}
        >
          {views.map((v) => (
            <ToggleButton key={v} value={v} disabled={unavailable(v)} data-testid={`feature-view-${v}`}>
              {label(`app.feature.view.${v.toLowerCase()}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        {count > 1 && (
          <Box sx={{ display: 'flex', alignItems: 'center' }} data-testid="vertex-arrows">
            <IconButton
              size="small"
              aria-label={label('app.feature.vertex.previous')}
              disabled={current === 0}
              onClick={() => setVertex(current - 1)}
            >
              <ChevronLeftIcon />
            </IconButton>
            <Typography variant="caption" aria-live="polite" data-testid="vertex-current">
              {label('app.feature.vertex.of', { current: current + 1, count })}
            </Typography>
            <IconButton
              size="small"
              aria-label={label('app.feature.vertex.next')}
              disabled={current >= count - 1}
              onClick={() => setVertex(current + 1)}
            >
              <ChevronRightIcon />
            </IconButton>
          </Box>
        )}
        <Tooltip title={label(minimized ? 'app.feature.secondary.expand' : 'app.feature.secondary.minimize')}>
          <IconButton
            size="small"
            aria-label={label(minimized ? 'app.feature.secondary.expand' : 'app.feature.secondary.minimize')}
            aria-expanded={!minimized}
            onClick={() => setMinimized(!minimized)}
          >
            {minimized ? <ExpandMoreIcon /> : <ExpandLessIcon />}
          </IconButton>
        </Tooltip>
      </Box>
      {!minimized && feature.id.startsWith('line.') && (
        <VertexFunctions feature={feature} vertex={current} enabled={writable} />
      )}
      {!minimized && shown === 'PEDIGREE' && <PedigreePanel feature={feature} project={project} vertex={current} />}
      {!minimized && shown === 'PROFILE' && <ProfileChart geometry={feature.geometry} vertex={current} />}
      {!minimized && googleKey && shown === 'STREET' && points[current] && (
        <StreetView apiKey={googleKey} position={points[current]} />
      )}
      {!minimized && googleKey && shown === 'DIRECTIONS' && points[current] && (
        <DirectionsView apiKey={googleKey} position={points[current]} />
      )}
    </Box>
  );
}
