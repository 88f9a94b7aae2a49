import { Box, CircularProgress, Tooltip, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { projectKeys, projectsApi, type Layer, type LayerExtent } from '../../../api/projects';
import { useSession } from '../../../api/session';
import { DEFAULT_COLOURS, casingColour } from '../../layers/layer-style';
import { useMapStore } from '../../state/map-store';
import { hasOwnStyle, useLegendImage } from '../../layers/legend-image';
import { LEGEND_PAD } from '@fieldbook/domain';

type Kind = 'point' | 'line' | 'polygon' | 'other';
const kindOf = (layer: Layer): Kind => {
  const name = `${layer.serverName ?? ''}`;
  if (name === 'point' || name === 'line' || name === 'polygon') return name;
  if (name === 'leader') return 'line';
  return 'other';
};

/**
 * A small picture of how the layer's features are drawn: the first swatch of the server's legend for a
 * layer with its own SLD/CSS style, else the map's default symbol of its geometry.
 */
export function LayerSymbol({ layer }: { layer: Layer }) {
  return hasOwnStyle(layer) ? <StyleSwatch layer={layer} /> : <DefaultSymbol layer={layer} />;
}

const SWATCH = 16;

/** The legend image (swatch 16 px) cropped to its first swatch, past the legend's margin. */
function StyleSwatch({ layer }: { layer: Layer }) {
  const src = useLegendImage(layer, { swatch: SWATCH, transparent: true });
  if (!src) return <DefaultSymbol layer={layer} />;
  return (
    <Box
      aria-hidden
      data-testid={`layer-style-swatch-${layer.id}`}
      sx={{ width: SWATCH, height: SWATCH, flexShrink: 0, mx: 0.25, overflow: 'hidden', position: 'relative' }}
    >
      <Box
        component="img"
        src={src}
        alt=""
        sx={{ position: 'absolute', left: -LEGEND_PAD, top: -LEGEND_PAD, maxWidth: 'none' }}
      />
    </Box>
  );
}

function DefaultSymbol({ layer }: { layer: Layer }) {
  const kind = kindOf(layer);
  const colour = kind === 'other' ? '#78909c' : DEFAULT_COLOURS[kind];
  const casing = casingColour(colour);
  return (
    <Box component="svg" viewBox="0 0 16 16" aria-hidden sx={{ width: 16, height: 16, flexShrink: 0, mx: 0.25 }}>
      {kind === 'point' && <circle cx="8" cy="8" r="5" fill={colour} stroke={casing} strokeWidth="2" />}
      {kind === 'line' && (
        <>
          <path d="M2 12 L7 6 L14 4" fill="none" stroke={casing} strokeWidth="5" strokeLinecap="round" />
          <path d="M2 12 L7 6 L14 4" fill="none" stroke={colour} strokeWidth="2.5" strokeLinecap="round" />
        </>
      )}
      {(kind === 'polygon' || kind === 'other') && (
        <rect
          x="2.5"
          y="2.5"
          width="11"
          height="11"
          rx="1.5"
          fill={colour}
          fillOpacity="0.35"
          stroke={colour}
          strokeWidth="2"
        />
      )}
    </Box>
  );
}

/**
 * Feature counts of a project's layers (one POST /rest/projects/layerExtents for all of them), read
 * again when any of them is reloaded on the map after an edit.
 */
export function useLayerCounts(layerIds: string[]): Record<string, number | undefined> {
  const extents = useLayerExtents(layerIds);
  const counts: Record<string, number | undefined> = {};
  for (const id of layerIds) counts[id] = extents?.[id]?.count ?? (extents ? 0 : undefined);
  return counts;
}

/** Extents, counts and dictionary systems of layers (undefined until read); one cache for tree and legend. */
export function useLayerExtents(layerIds: string[]): Record<string, LayerExtent | null> | undefined {
  const orgId = useSession((s) => s.orgId);
  const revision = useMapStore((s) => layerIds.reduce((sum, id) => sum + (s.layerRevision[id] ?? 0), 0));
  const extents = useQuery({
    queryKey: [...projectKeys.extents(orgId, layerIds), revision],
    queryFn: () => projectsApi.layerExtents(layerIds),
    enabled: layerIds.length > 0,
    staleTime: 30_000,
  });
  return extents.data;
}

/** The layer's count of features, and while it is on the map, whether it is loading or failed to draw. */
export function LayerState({ layerId, count }: { layerId: string; count: number | undefined }) {
  const intl = useIntl();
  const status = useMapStore((s) => s.layerStatus[layerId]);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0, mx: 0.5 }}>
      {status === 'loading' && (
        <CircularProgress
          size={12}
          aria-label={intl.formatMessage({ id: 'app.layer.state.loading' })}
          data-testid={`layer-loading-${layerId}`}
        />
      )}
      {status === 'error' && (
        <Tooltip title={intl.formatMessage({ id: 'app.layer.state.error' })}>
          <ErrorOutlineIcon
            color="error"
            sx={{ fontSize: 16 }}
            aria-label={intl.formatMessage({ id: 'app.layer.state.error' })}
            data-testid={`layer-error-${layerId}`}
          />
        </Tooltip>
      )}
      {count !== undefined && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
          aria-label={intl.formatMessage({ id: 'app.layer.state.count' }, { count })}
          data-testid={`layer-count-${layerId}`}
        >
          {intl.formatNumber(count, { notation: count >= 10_000 ? 'compact' : 'standard' })}
        </Typography>
      )}
    </Box>
  );
}
