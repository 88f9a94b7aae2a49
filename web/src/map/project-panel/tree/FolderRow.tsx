import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FolderIcon from '@mui/icons-material/Folder';
import LayersIcon from '@mui/icons-material/Layers';
import EditIcon from '@mui/icons-material/Edit';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DeleteIcon from '@mui/icons-material/Delete';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import AddIcon from '@mui/icons-material/Add';
import { useIntl } from 'react-intl';
import type { ReactElement } from 'react';
import type { Folder, Project } from '../../../api/projects';
import { folderLayers, setExpanded, toggleFolder } from '../layer-toggles';
import { usePanelDialogs } from '../panel-store';
import { folderActions, type PanelFlags } from '../rights';

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
  const open = usePanelDialogs((s) => s.open);
  const can = folderActions(project, folder, flags);
  const ids = folderLayers(folder).map((l) => l.id);
  const allOn = ids.length > 0 && ids.every((id) => selected.includes(id));
  const t = (id: string) => intl.formatMessage({ id });

  const action = (labelId: string, icon: ReactElement, enabled: boolean, onClick: () => void, pressed?: boolean) => (
    <Tooltip title={t(labelId)}>
      <span>
        <IconButton size="small" aria-label={t(labelId)} aria-pressed={pressed} disabled={!enabled} onClick={onClick} sx={{ p: 0.5 }} color={pressed ? 'primary' : 'default'}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Box
      data-testid={`folder-row-${folder.id}`}
      sx={{ display: 'flex', alignItems: 'center', pl: folder.level === 2 ? 2.5 : 0.5, pr: 0.5, minHeight: 40, '&:hover': { bgcolor: 'action.hover' } }}
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
      <Typography variant="body2" noWrap title={folder.name} sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
        {folder.name}
      </Typography>
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        {action('app.folder.toggle-all', <LayersIcon fontSize="small" />, ids.length > 0, () => toggleFolder(project.id, folder), allOn)}
        {can.newLayer && action('app.layer.new', <AddIcon fontSize="small" />, true, () => open({ kind: 'newLayer', folder }))}
        {folder.level === 1 && action('app.folder.new-subfolder', <CreateNewFolderIcon fontSize="small" />, can.newSubfolder, () => open({ kind: 'newFolder', parentId: folder.id }))}
        {action('app.folder.edit', <EditIcon fontSize="small" />, can.edit, () => open({ kind: 'editFolder', folder }))}
        {action('app.folder.move', <DriveFileMoveIcon fontSize="small" />, can.move, () => open({ kind: 'moveFolder', folder }))}
        {action('app.folder.delete', <DeleteIcon fontSize="small" />, can.remove, () => open({ kind: 'deleteFolder', folder }))}
      </Box>
    </Box>
  );
}
