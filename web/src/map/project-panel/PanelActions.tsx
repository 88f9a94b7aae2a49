import { Box, IconButton, Tooltip } from '@mui/material';
import AddBoxIcon from '@mui/icons-material/AddBox';
import SettingsIcon from '@mui/icons-material/Settings';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import AddLinkIcon from '@mui/icons-material/AddLink';
import { useIntl } from 'react-intl';
import type { ReactElement } from 'react';
import type { Project } from '../../api/projects';
import { usePanelDialogs } from './panel-store';

/** The action icons under the project picker (spec 3 §2): new project, edit project, new folder, external service. */
export function PanelActions({
  project,
  canCreateProject,
}: {
  project: Project | undefined;
  canCreateProject: boolean;
}) {
  const intl = useIntl();
  const open = usePanelDialogs((s) => s.open);
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
