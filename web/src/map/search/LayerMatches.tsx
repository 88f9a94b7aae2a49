import {
  Alert,
  Box,
  Chip,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Typography,
} from '@mui/material';
import { useIntl } from 'react-intl';
import { SEARCH_MSG } from '@fieldbook/domain';
import { allFolders, useProject } from '../../api/projects';
import { useLayerCounts } from '../../api/search';
import { useMapStore } from '../state/map-store';
import { searchBody, useSearchPanel } from './search-store';

/**
 * The aggregate list (spec 3 §2): the current project's layers that match, grouped by folder, each
 * with its number of matches; choosing one opens its result table. Without a text or filter every
 * layer is listed with its feature count.
 */
export function LayerMatches() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const projectId = useMapStore((s) => s.projectId);
  const project = useProject(projectId).data;
  const state = useSearchPanel();
  const counts = useLayerCounts(searchBody(state, projectId, null), !!projectId);
  const narrowed = !!state.text || state.filters.length > 0 || Object.values(state.quick).some(Boolean);

  const groups = allFolders(project)
    .map((folder) => ({
      folder,
      layers: [...folder.layers, ...(folder.sharedLayers ?? [])].flatMap((layer) => {
        const entry = counts.data?.[layer.id];
        const n = typeof entry === 'object' ? entry._doc_count : undefined;
        return n === undefined || (narrowed && n === 0) ? [] : [{ layer, n }];
      }),
    }))
    .filter((g) => g.layers.length > 0);

  return (
    <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="search-layers">
      {counts.isFetching && <LinearProgress aria-label={t('app.search.searching')} />}
      {counts.isError && (
        <Alert severity="error" sx={{ m: 1 }}>
          {t(SEARCH_MSG.failed)}
        </Alert>
      )}
      {counts.data && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
          {intl.formatMessage({ id: 'app.search.total' }, { count: counts.data._doc_count })}
        </Typography>
      )}
      {counts.data && groups.length === 0 && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t(SEARCH_MSG.noResults)}
        </Typography>
      )}
      <List dense aria-label={t('app.search.layers')}>
        {groups.map(({ folder, layers }) => (
          <li key={folder.id}>
            <ul style={{ padding: 0 }}>
              <ListSubheader sx={{ lineHeight: '32px' }}>{folder.name}</ListSubheader>
              {layers.map(({ layer, n }) => (
                <ListItemButton
                  key={layer.id}
                  onClick={() => state.openLayer(layer.id)}
                  aria-label={intl.formatMessage({ id: 'app.search.open-layer' }, { name: layer.name, count: n })}
                >
                  <ListItemText primary={layer.name} />
                  <Chip size="small" label={intl.formatNumber(n)} />
                </ListItemButton>
              ))}
            </ul>
          </li>
        ))}
      </List>
    </Box>
  );
}
