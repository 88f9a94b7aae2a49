import { Alert } from '@mui/material';
import { useIntl } from 'react-intl';
import { MOVE_MSG } from '@fieldbook/domain';
import type { Folder, Project } from '../../../api/projects';
import { useRunMove } from './move-feedback';
import { TOP_LEVEL, folderHasRaster, folderTargets, targetProjects } from './move-targets';
import { TargetStepperDialog, useTargetSteps } from './TargetStepperDialog';

interface Props {
  open: boolean;
  folder: Folder;
  project: Project;
  projects: Project[];
  onClose: () => void;
}

/**
 * Move folder (spec 3 §2): project, then a top-level folder to become its parent or the top level,
 * then finish. Targets are disabled per §5 (see folderTargets); a folder holding rasters is refused.
 */
export function MoveFolderDialog({ open, folder, project, projects, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const runMove = useRunMove();
  const steps = useTargetSteps(open, projects, project.id);
  const { project: target, projectId, targetId: parentId } = steps;
  const raster = folderHasRaster(folder);
  const choices = folderTargets(target, folder, t('app.move.top-level'));
  const chosen = choices.find((c) => c.id === parentId && !c.disabled);

  const finish = async () => {
    const ok =
      parentId === TOP_LEVEL
        ? await runMove(
            { scenario: 'MOVE_FOLDER_TO_PROJECT', projectId, folderId: folder.id },
            MOVE_MSG.folderSuccess,
            MOVE_MSG.folderError,
          )
        : await runMove(
            { scenario: 'MOVE_FOLDER_AS_SUBFOLDER', projectId, folderId: parentId, subFolderId: folder.id },
            MOVE_MSG.folderSuccess,
            MOVE_MSG.folderError,
          );
    if (ok) onClose();
  };

  return (
    <TargetStepperDialog
      open={open}
      onClose={onClose}
      title={t('app.folder.move.title', { name: folder.name })}
      testId="move-folder-dialog"
      steps={steps}
      projectChoices={targetProjects(projects, project.dataDictionaryId)}
      targetStep={t('app.move.step.parent')}
      targetChoices={choices}
      projectReady={!raster && !!target}
      targetReady={!raster && !!chosen}
      canFinish={!raster && !!target && !!chosen}
      onFinish={finish}
      summary={t('app.folder.move.summary', {
        name: folder.name,
        project: target?.name ?? '',
        folder: chosen?.label ?? '',
      })}
      notice={
        raster && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="move-folder-raster">
            {t(MOVE_MSG.folderRaster)}
          </Alert>
        )
      }
    />
  );
}
