import { useEffect, useState } from 'react';
import { Alert, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { MOVE_MSG } from '@fieldbook/domain';
import type { Folder, Project } from '../../../api/projects';
import { useRunMove } from './move-feedback';
import { TOP_LEVEL, folderHasRaster, folderTargets, targetProjects } from './move-targets';
import { ChoiceList, StepperDialog } from './StepperDialog';

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
  const [step, setStep] = useState(0);
  const [projectId, setProjectId] = useState('');
  const [parentId, setParentId] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setStep(0);
    setProjectId(project.id);
    setParentId('');
  }, [open, project.id]);

  const target = projects.find((p) => p.id === projectId);
  const raster = folderHasRaster(folder);
  const choices = folderTargets(target, folder, t('app.move.top-level'));
  const chosen = choices.find((c) => c.id === parentId && !c.disabled);

  const finish = async () => {
    setBusy(true);
    const ok = parentId === TOP_LEVEL
      ? await runMove({ scenario: 'MOVE_FOLDER_TO_PROJECT', projectId, folderId: folder.id }, MOVE_MSG.folderSuccess, MOVE_MSG.folderError)
      : await runMove({ scenario: 'MOVE_FOLDER_AS_SUBFOLDER', projectId, folderId: parentId, subFolderId: folder.id }, MOVE_MSG.folderSuccess, MOVE_MSG.folderError);
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <StepperDialog
      open={open}
      title={t('app.folder.move.title', { name: folder.name })}
      steps={[t('app.move.step.project'), t('app.move.step.parent'), t('app.move.step.finish')]}
      active={step}
      onStep={setStep}
      canNext={!raster && (step === 0 ? !!target : !!chosen)}
      canFinish={!raster && !!target && !!chosen}
      busy={busy}
      finishLabel={t('app.move.finish')}
      onFinish={() => void finish()}
      onClose={onClose}
      testId="move-folder-dialog"
    >
      {raster && <Alert severity="warning" sx={{ mb: 2 }} data-testid="move-folder-raster">{t(MOVE_MSG.folderRaster)}</Alert>}
      {step === 0 && (
        <ChoiceList
          label={t('app.move.step.project')}
          choices={targetProjects(projects, project.dataDictionaryId)}
          value={projectId}
          onChange={(id) => {
            setProjectId(id);
            setParentId('');
          }}
          empty={t('app.move.no-projects')}
        />
      )}
      {step === 1 && <ChoiceList label={t('app.move.step.parent')} choices={choices} value={parentId} onChange={setParentId} empty={t('app.move.no-folders')} />}
      {step === 2 && (
        <Typography>
          {t('app.folder.move.summary', { name: folder.name, project: target?.name ?? '', folder: chosen?.label ?? '' })}
        </Typography>
      )}
    </StepperDialog>
  );
}
