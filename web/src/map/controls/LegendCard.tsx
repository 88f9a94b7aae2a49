import { useMemo } from 'react';
import { Box, Card, CardContent, CardHeader, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useIntl } from 'react-intl';
import { useDictionary } from '../../api/dictionaries';
import { allLayers, useProject, type Layer } from '../../api/projects';
import { useDisplayName } from '../../i18n/translate';
import { shownLayers } from '../layers/layer-kind';
import { hasOwnStyle, useLegendImage } from '../layers/legend-image';
import { LayerSymbol, useLayerExtents } from '../project-panel/tree/LayerState';
import { useSelectedLayers } from '../project-panel/layer-toggles';
import { useMapStore } from '../state/map-store';

/** The server's legend of a layer drawn from its own style (GetLegendGraphic). */
function StyleLegend({ layer }: { layer: Layer }) {
  const intl = useIntl();
  const src = useLegendImage(layer);
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
  // The same query as the tree's counts: it also says which systems each layer's features belong to.
  const extents = useLayerExtents(useMemo(() => (project ? allLayers(project).map((l) => l.id) : []), [project]));
  const systemsOf = (layer: Layer) => systems.filter((s) => extents?.[layer.id]?.systems?.includes(s.id));
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
            {hasOwnStyle(layer) ? (
              <StyleLegend layer={layer} />
            ) : (
              systemsOf(layer).map((system) => (
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
