import { Box, Checkbox, Tooltip, Typography } from '@mui/material';
import ZoomInIcon from '@mui/icons-material/ZoomInMap';
import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import EditIcon from '@mui/icons-material/Edit';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import ShareIcon from '@mui/icons-material/Share';
import DeleteIcon from '@mui/icons-material/Delete';
import LockIcon from '@mui/icons-material/Lock';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import TableViewIcon from '@mui/icons-material/TableView';
import { useIntl } from 'react-intl';
import { useDisplayName } from '../../../i18n/translate';
import { fitLonLatExtent } from '../../controls/map-actions';
import { isAtLeastCollector } from '@fieldbook/domain';
import { useProfile } from '../../../api/accounts';
import { projectsApi, type Folder, type Layer, type Project } from '../../../api/projects';
import { ApiError } from '../../../api/client';
import { showSnack } from '../../../app/snackbar-store';
import { useMap } from '../../ol/MapContext';
import { useMapStore } from '../../state/map-store';
import { toggleLayer } from '../layer-toggles';
import { usePanelDialogs } from '../panel-store';
import { layerActions, type PanelFlags } from '../rights';
import { useCanExport } from '../../transfer/export-access';
import { useSearchPanel } from '../../search/search-store';
import { LayerState, LayerSymbol } from './LayerState';
import { RowAction } from './RowAction';

interface Props {
  project: Project;
  folder: Folder;
  layer: Layer;
  checked: boolean;
  /** Its features (undefined until counted). */
  count: number | undefined;
  flags: PanelFlags;
  depth: number;
  onClosePanel: () => void;
}

/** One layer of the tree: its toggle and the row actions of spec 3 §2, enabled per §6. */
export function LayerRow({ project, folder, layer, checked, count, flags, depth, onClosePanel }: Props) {
  const intl = useIntl();
  const name = useDisplayName()(layer);
  const map = useMap();
  const open = usePanelDialogs((s) => s.open);
  const can = layerActions(project, folder, layer, flags);
  // Raster and external layers hold no features to write out.
  const canExport = useCanExport() && layer.type === 'VECTOR';
  // Viewers collect nothing: the server refuses their features (spec 3 §6), so drawing is not offered.
  const userType = useProfile().data?.userType;
  const canCollect = !!userType && isAtLeastCollector(userType);
  const shared = 'shared' in layer && layer.shared === true;

  const zoom = async () => {
    try {
      const e = await projectsApi.layerExtent(layer.id);
      fitLonLatExtent(map, [e.minx, e.miny, e.maxx, e.maxy], 18, 300);
    } catch (error) {
      showSnack(
        error instanceof ApiError && error.status === 404 ? 'app.layer.extent.empty' : 'app.error.occurred',
        error instanceof ApiError && error.status === 404 ? 'info' : 'error',
      );
    }
  };
  const addFeature = () => {
    useMapStore.getState().setMode({ type: 'draw', layerId: layer.id, tool: 'marker' });
    onClosePanel();
  };

  return (
    <Box
      data-testid={`layer-row-${layer.id}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        pl: 1 + depth * 2,
        pr: 0.5,
        minHeight: 40,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Checkbox
        size="small"
        checked={checked}
        onChange={() => toggleLayer(project.id, layer.id)}
        slotProps={{ input: { 'aria-label': name } }}
        sx={{ p: 0.5 }}
      />
      <LayerSymbol layer={layer} />
      <Typography
        variant="body2"
        noWrap
        title={name}
        sx={{ flex: 1, minWidth: 0, ml: 0.5, opacity: layer.isActive ? 1 : 0.6 }}
      >
        {name}
      </Typography>
      <LayerState layerId={layer.id} count={layer.type === 'VECTOR' ? count : undefined} />
      {(layer.readOnly || shared) && (
        <Tooltip title={intl.formatMessage({ id: shared ? 'app.layer.shared-here' : 'app.layer.read-only' })}>
          <LockIcon
            fontSize="inherit"
            color="disabled"
            aria-label={intl.formatMessage({ id: shared ? 'app.layer.shared-here' : 'app.layer.read-only' })}
            sx={{ mx: 0.5 }}
          />
        </Tooltip>
      )}
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        <RowAction
          labelId="app.layer.zoom"
          icon={<ZoomInIcon fontSize="small" />}
          enabled
          onClick={() => void zoom()}
        />
        <RowAction
          labelId="app.layer.attribute-table"
          icon={<TableViewIcon fontSize="small" />}
          enabled={layer.type === 'VECTOR'}
          onClick={() => {
            useSearchPanel.getState().openLayer(layer.id, true);
            // On a phone the panel covers the map and the table: it gives way.
            if (window.innerWidth < 600) onClosePanel();
          }}
        />
        <RowAction
          labelId="app.layer.export"
          icon={<FileDownloadIcon fontSize="small" />}
          enabled={canExport}
          onClick={() => open({ kind: 'export', item: { type: 'layer', id: layer.id, name } })}
        />
        <RowAction
          labelId="app.layer.add-feature"
          icon={<AddLocationIcon fontSize="small" />}
          enabled={can.addFeature && canCollect}
          onClick={addFeature}
        />
        <RowAction
          labelId="app.layer.edit"
          icon={<EditIcon fontSize="small" />}
          enabled={can.edit}
          onClick={() => open({ kind: 'editLayer', layer })}
        />
        <RowAction
          labelId="app.layer.move"
          icon={<DriveFileMoveIcon fontSize="small" />}
          enabled={can.move}
          onClick={() => open({ kind: 'moveLayer', layer })}
        />
        <RowAction
          labelId="app.layer.share"
          icon={<ShareIcon fontSize="small" />}
          enabled={can.share}
          onClick={() => open({ kind: 'shareLayer', layer })}
        />
        <RowAction
          labelId="app.layer.delete"
          icon={<DeleteIcon fontSize="small" />}
          enabled={can.remove}
          onClick={() => open({ kind: 'deleteLayer', layer })}
        />
      </Box>
    </Box>
  );
}
