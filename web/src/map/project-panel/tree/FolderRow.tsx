import { Box, IconButton, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FolderIcon from '@mui/icons-material/Folder';
import LayersIcon from '@mui/icons-material/Layers';
import EditIcon from '@mui/icons-material/Edit';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DeleteIcon from '@mui/icons-material/Delete';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useIntl } from 'react-intl';
import { useDisplayName } from '../../../i18n/translate';
import type { Folder, Project } from '../../../api/projects';
import { folderLayers, setExpanded, toggleFolder } from '../layer-toggles';
import { usePanelDialogs } from '../panel-store';
import { folderActions, type PanelFlags } from '../rights';
import { useCanExport } from '../../transfer/export-access';
import { RowAction } from './RowAction';

interface Props {
  project: Project;
  folder: Folder;
  expanded: boolean;
  selected: string[];
  flags: PanelFlags;
}

/** A folder of the tree: expand/collapse, toggle all its layers, and the folder actions of spec 3 §2. */
export function FolderRow({ project, folder, expanded, selected, flags }: Props) {
  const intl = useIntl();
  const name = useDisplayName()(folder);
  const open = usePanelDialogs((s) => s.open);
  const can = folderActions(project, folder, flags);
  const canExport = useCanExport();
  const ids = folderLayers(folder).map((l) => l.id);
  const allOn = ids.length > 0 && ids.every((id) => selected.includes(id));
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <Box
      data-testid={`folder-row-${folder.id}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        pl: folder.level === 2 ? 2.5 : 0.5,
        pr: 0.5,
        minHeight: 40,
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <IconButton
        size="small"
        aria-label={t(expanded ? 'app.folder.collapse' : 'app.folder.expand')}
        aria-expanded={expanded}
        onClick={() => setExpanded(folder.id, !expanded)}
        sx={{ p: 0.5 }}
      >
        {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
      </IconButton>
      <FolderIcon fontSize="small" color="action" sx={{ mx: 0.5 }} />
      <Typography variant="body2" noWrap title={name} sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
        {name}
      </Typography>
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        <RowAction
          labelId="app.folder.toggle-all"
          icon={<LayersIcon fontSize="small" />}
          enabled={ids.length > 0}
          onClick={() => toggleFolder(project.id, folder)}
          pressed={allOn}
        />
        {can.newLayer && (
          <RowAction
            labelId="app.layer.new"
            icon={<AddIcon fontSize="small" />}
            enabled
            onClick={() => open({ kind: 'newLayer', folder })}
          />
        )}
        {can.newLayer && (
          <RowAction
            labelId="app.layer.upload"
            icon={<UploadFileIcon fontSize="small" />}
            enabled
            onClick={() => open({ kind: 'upload', folder })}
          />
        )}
        <RowAction
          labelId="app.folder.export"
          icon={<FileDownloadIcon fontSize="small" />}
          enabled={canExport}
          onClick={() => open({ kind: 'export', item: { type: 'folder', id: folder.id, name } })}
        />
        {folder.level === 1 && (
          <RowAction
            labelId="app.folder.new-subfolder"
            icon={<CreateNewFolderIcon fontSize="small" />}
            enabled={can.newSubfolder}
            onClick={() => open({ kind: 'newFolder', parentId: folder.id })}
          />
        )}
        <RowAction
          labelId="app.folder.edit"
          icon={<EditIcon fontSize="small" />}
          enabled={can.edit}
          onClick={() => open({ kind: 'editFolder', folder })}
        />
        <RowAction
          labelId="app.folder.move"
          icon={<DriveFileMoveIcon fontSize="small" />}
          enabled={can.move}
          onClick={() => open({ kind: 'moveFolder', folder })}
        />
        <RowAction
          labelId="app.folder.delete"
          icon={<DeleteIcon fontSize="small" />}
          enabled={can.remove}
          onClick={() => open({ kind: 'deleteFolder', folder })}
        />
      </Box>
    </Box>
  );
}
