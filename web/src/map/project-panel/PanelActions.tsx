import { Box, IconButton, Tooltip } from '@mui/material';
import AddBoxIcon from '@mui/icons-material/AddBox';
import SettingsIcon from '@mui/icons-material/Settings';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import AddLinkIcon from '@mui/icons-material/AddLink';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useIntl } from 'react-intl';
import type { ReactElement } from 'react';
import type { Project } from '../../api/projects';
import { useCanExport } from '../transfer/export-access';
import { usePanelDialogs } from './panel-store';

/** The action icons under the project picker (spec 3 §2): new project, edit project, export project, new folder, external service. */
export function PanelActions({
  project,
  canCreateProject,
}: {
  project: Project | undefined;
  canCreateProject: boolean;
}) {
  const intl = useIntl();
  const open = usePanelDialogs((s) => s.open);
  const canExport = useCanExport();
  const button = (labelId: string, testId: string, icon: ReactElement, enabled: boolean, onClick: () => void) => {
    const label = intl.formatMessage({ id: labelId });
    return (
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} data-testid={testId} disabled={!enabled} onClick={onClick} color="primary">
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  };
  return (
    <Box sx={{ display: 'flex', gap: 0.5, px: 1.5 }}>
      {button('app.project.new', 'new-project', <AddBoxIcon />, canCreateProject, () => open({ kind: 'newProject' }))}
      {button('app.project.details', 'edit-project', <SettingsIcon />, !!project, () =>
        open({ kind: 'projectDetails' }),
      )}
      {button('app.project.export', 'export-project', <FileDownloadIcon />, !!project && canExport, () =>
        open({ kind: 'export', item: { type: 'project', id: project!.id, name: project!.name } }),
      )}
      {button('app.folder.new', 'new-folder', <CreateNewFolderIcon />, !!project?.abilities.createFolder, () =>
        open({ kind: 'newFolder', parentId: null }),
      )}
      {button(
        'app.external-service.add',
        'add-external-service',
        <AddLinkIcon />,
        !!project?.abilities.createFolder,
        () => open({ kind: 'externalService' }),
      )}
    </Box>
  );
}
