import { useEffect, useState } from 'react';
import { Box, Card, CardContent, CardHeader, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useIntl } from 'react-intl';
import { useDictionary } from '../../api/dictionaries';
import { layerServicePath, useProject, type Layer } from '../../api/projects';
import { useSession } from '../../api/session';
import { useDisplayName } from '../../i18n/translate';
import { shownLayers, usesTiles } from '../layers/layer-kind';
import { LayerSymbol } from '../project-panel/tree/LayerState';
import { useSelectedLayers } from '../project-panel/layer-toggles';
import { useMapStore } from '../state/map-store';

/** The server's legend of a layer drawn from its own style (GetLegendGraphic), read with the session's token. */
function StyleLegend({ layer }: { layer: Layer }) {
  const intl = useIntl();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const { session, orgId } = useSession.getState();
    const url = new URL(layerServicePath(layer, 'wms'), window.location.origin);
    for (const [k, v] of Object.entries({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetLegendGraphic',
      FORMAT: 'image/png',
      LAYER: layer.id,
      ...(orgId ? { orgId } : {}),
    }))
      url.searchParams.set(k, v);
    let made: string | null = null;
    const abort = new AbortController();
    fetch(url, { headers: session ? { Authorization: `Bearer ${session.idToken}` } : {}, signal: abort.signal })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`legend ${res.status}`))))
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      // A legend that cannot be drawn leaves the layer's plain symbol (legend errors are only logged).
      .catch((err: unknown) => {
        if (!abort.signal.aborted) console.info('legend failed', err);
      });
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [layer]);
  return src ? (
    <Box
      component="img"
      src={src}
      alt={intl.formatMessage({ id: 'app.map.legend.style' })}
      sx={{ display: 'block', maxWidth: '100%', ml: 3 }}
    />
  ) : null;
}

/**
 * The legend (issue #12): each layer the map shows, with its symbol, and what its colours mean — the
 * dictionary's systems for the feature layers, the server's legend for a layer with its own style.
 */
export function LegendCard({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const named = useDisplayName();
  const projectId = useMapStore((s) => s.projectId);
  const project = useProject(projectId).data;
  const dictionary = useDictionary(project?.dataDictionaryId).data;
  const layers = shownLayers(project, useSelectedLayers(projectId));
  const systems = (dictionary?.systems ?? []).filter((s) => s.color);
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <Card
      elevation={4}
      sx={{ width: 280, maxWidth: '100%', maxHeight: '100%', overflowY: 'auto' }}
      data-testid="map-legend"
      role="region"
      aria-label={label('app.map.legend')}
    >
      <CardHeader
        title={label('app.map.legend')}
        slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }}
        action={
          <IconButton aria-label={label('app.close')} onClick={onClose} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1 }}>
        {layers.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {label('app.map.legend.empty')}
          </Typography>
        )}
        {layers.map((layer) => (
          <Box key={layer.id} sx={{ mb: 1.5 }} data-testid={`legend-layer-${layer.id}`}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <LayerSymbol layer={layer} />
              <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                {named(layer)}
              </Typography>
            </Box>
            {usesTiles(layer) && (layer.styles?.length ?? 0) > 0 ? (
              <StyleLegend layer={layer} />
            ) : (
              ['point', 'line', 'polygon'].includes(String(layer.serverName)) &&
              systems.map((system) => (
                <Box key={system.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 3 }}>
                  <Box
                    aria-hidden
                    sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: system.color, border: 1 }}
                  />
                  <Typography variant="caption">{system.name}</Typography>
                </Box>
              ))
            )}
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
