import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Breadcrumbs,
  IconButton,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
} from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useIntl } from 'react-intl';
import { SEARCH_MSG, SEARCH_PAGE_SIZES, type SearchHit, type SearchMappingField } from '@fieldbook/domain';
import { allLayers, useProject } from '../../api/projects';
import { useLayerMapping, useSearchPage } from '../../api/search';
import { useMap } from '../ol/MapContext';
import { useMapStore } from '../state/map-store';
import { ExportDialog } from '../transfer/ExportDialog';
import { ColumnChooser } from './ColumnChooser';
import { FilterChips } from './FilterChips';
import { openHitOnMap } from './open-hit';
import { saveLayerSearch, savedLayerSearch } from './search-prefs';
import { searchBody, useSearchPanel } from './search-store';

/** A cell's text: numbers and dates in the user's language, booleans as words. */
function cellText(intl: ReturnType<typeof useIntl>, field: SearchMappingField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return intl.formatNumber(value);
  if (typeof value === 'boolean') return intl.formatMessage({ id: value ? 'app.search.yes' : 'app.search.no' });
  if (field.type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const withTime = value.length > 10;
    const date = new Date(withTime ? value : `${value}T00:00:00Z`);
    return Number.isNaN(date.getTime())
      ? value
      : withTime
        ? intl.formatDate(date, { dateStyle: 'short', timeStyle: 'short' })
        : intl.formatDate(date, { dateStyle: 'short', timeZone: 'UTC' });
  }
  return String(value);
}

/**
 * One layer's result table (spec 3 §2), also the layer's attribute table: the layer's columns (up to 7
 * by default, the column chooser for the rest), sortable, paged by the server (10, 20, 50, 100), filter
 * chips, export of the search. A row click opens the feature on the map; the map's selection is the
 * highlighted row.
 */
export function ResultTable({ layerId }: { layerId: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const map = useMap();
  const state = useSearchPanel();
  const projectId = useMapStore((s) => s.projectId);
  const selectedId = useMapStore((s) => s.selection?.featureId ?? null);
  const project = useProject(projectId).data;
  const layer = allLayers(project).find((l) => l.id === layerId);
  const mapping = useLayerMapping(layerId);
  const body = searchBody(state, projectId, layerId);
  const page = useSearchPage(body, true);
  const [exporting, setExporting] = useState(false);

  const fields = mapping.data?.fields ?? [];
  const chosen = state.columns[layerId];
  const columns = chosen ? fields.filter((f) => chosen.includes(f.name)) : fields.filter((f) => f.default);
  const total = page.data?.hits.total;
  const hits = page.data?.hits.hits ?? [];
  const sortOf = (name: string) => (state.sort?.field === name ? state.sort.direction : undefined);

  const open = (hit: SearchHit) => openHitOnMap(map, hit, project);

  // The layer's columns, filters and sort are kept in the project's preferences when they change.
  const fieldFilters = state.filters.filter((f) => f.type !== 'bb');
  const remembered = JSON.stringify({ headers: chosen, appliedFilters: fieldFilters, sortPrefs: state.sort });
  useEffect(() => {
    if (!projectId) return;
    const now = JSON.parse(remembered) as Parameters<typeof saveLayerSearch>[2];
    const before = savedLayerSearch(projectId, layerId);
    const same =
      JSON.stringify(before.headers) === JSON.stringify(now.headers) &&
      JSON.stringify(before.appliedFilters ?? []) === JSON.stringify(now.appliedFilters ?? []) &&
      JSON.stringify(before.sortPrefs ?? null) === JSON.stringify(now.sortPrefs ?? null);
    if (!same) saveLayerSearch(projectId, layerId, now);
  }, [projectId, layerId, remembered]);

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="search-results">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5 }}>
        <Breadcrumbs sx={{ flex: 1, minWidth: 0 }} aria-label={t('app.search.breadcrumb')}>
          <Link component="button" variant="body2" onClick={state.back}>
            {t('app.search.layers')}
          </Link>
          <Typography variant="body2" color="text.primary" noWrap>
            {layer?.name ?? ''}
          </Typography>
        </Breadcrumbs>
        <ColumnChooser layerId={layerId} fields={fields} shown={columns.map((c) => c.name)} />
        <Tooltip title={t('app.search.export')}>
          <span>
            <IconButton
              aria-label={t('app.search.export')}
              disabled={!project || !layer || !total?.value}
              onClick={() => setExporting(true)}
            >
              <FileDownloadIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      <FilterChips layerId={layerId} fields={fields} />
      {page.isFetching && <LinearProgress aria-label={t('app.search.searching')} />}
      {page.isError && (
        <Alert severity="error" sx={{ mx: 1 }}>
          {t(SEARCH_MSG.failed)}
        </Alert>
      )}
      <TableContainer sx={{ flex: 1, minHeight: 0 }}>
        <Table
          size="small"
          stickyHeader
          aria-label={intl.formatMessage({ id: 'app.search.table' }, { name: layer?.name ?? '' })}
        >
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.name} sortDirection={sortOf(c.name) ?? false} sx={{ whiteSpace: 'nowrap' }}>
                  <TableSortLabel
                    active={!!sortOf(c.name)}
                    direction={sortOf(c.name) ?? 'asc'}
                    onClick={() =>
                      state.setSort({ field: c.name, direction: sortOf(c.name) === 'asc' ? 'desc' : 'asc' })
                    }
                  >
                    {c.title}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {hits.map((hit) => (
              <TableRow
                key={hit._id}
                hover
                selected={hit._id === selectedId}
                aria-selected={hit._id === selectedId}
                onClick={() => open(hit)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') open(hit);
                }}
                tabIndex={0}
                sx={{ cursor: 'pointer' }}
                data-testid="search-hit"
              >
                {columns.map((c) => (
                  <TableCell
                    key={c.name}
                    sx={{ maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {cellText(intl, c, hit._source.properties[c.name])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {page.data && hits.length === 0 && (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t(SEARCH_MSG.noResults)}
          </Typography>
        )}
      </TableContainer>
      <TablePagination
        component="div"
        count={total ? (total.relation === 'gte' ? -1 : total.value) : 0}
        page={state.page}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={[...SEARCH_PAGE_SIZES]}
        onPageChange={(_, index) => state.setPage(index)}
        onRowsPerPageChange={(e) => state.setPageSize(Number(e.target.value))}
        labelRowsPerPage={t('app.search.page-size')}
        labelDisplayedRows={({ from, to }) =>
          intl.formatMessage(
            { id: total?.relation === 'gte' ? 'app.search.rows.more' : 'app.search.rows' },
            { from, to, count: total?.value ?? 0 },
          )
        }
        slotProps={{
          actions: {
            nextButton: {
              disabled: (state.page + 1) * state.pageSize >= (total?.value ?? 0) && total?.relation !== 'gte',
            },
          },
        }}
        sx={{ flexShrink: 0, borderTop: 1, borderColor: 'divider', '.MuiTablePagination-toolbar': { px: 1, pr: 3 } }}
      />
      {exporting && project && layer && (
        <ExportDialog
          open
          project={project}
          item={{ type: 'layer', id: layerId, name: layer.name }}
          query={{ ...body, page: undefined, pageSize: undefined, orderBy: undefined, orderDirection: undefined }}
          onClose={() => setExporting(false)}
        />
      )}
    </Box>
  );
}
