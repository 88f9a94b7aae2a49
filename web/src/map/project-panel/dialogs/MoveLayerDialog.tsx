import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { MOVE_MSG } from '@fieldbook/domain';
import type { Layer, Project } from '../../../api/projects';
import { usePreferences } from '../../../app/preferences-store';
import { selectedLayersOf, setSelectedLayers } from '../layer-toggles';
import { useRunMove } from './move-feedback';
import { layerTargetFolders, targetProjects } from './move-targets';
import { ChoiceList, StepperDialog } from './StepperDialog';

interface Props {
  open: boolean;
  layer: Layer;
  /** The project the layer is in now. */
  project: Project;
  projects: Project[];
  onClose: () => void;
}

/**
 * Move layer in three steps (spec 3 §2, §4): project (same dictionary, administered), folder (its own
 * and folders with a same-named layer disabled, §5), finish.
 */
export function MoveLayerDialog({ open, layer, project, projects, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const runMove = useRunMove();
  const [step, setStep] = useState(0);
  const [projectId, setProjectId] = useState('');
  const [folderId, setFolderId] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setStep(0);
    setProjectId(project.id);
    setFolderId('');
  }, [open, project.id]);

  const target = projects.find((p) => p.id === projectId);
  const folders = layerTargetFolders(target, layer);
  const folder = folders.find((f) => f.id === folderId && !f.disabled);
  const finish = async () => {
    setBusy(true);
    const ok = await runMove({ scenario: 'MOVE_LAYER_TO_FOLDER', projectId, folderId, layerId: layer.id }, MOVE_MSG.layerSuccess, MOVE_MSG.layerError);
    setBusy(false);
    if (!ok) return;
    // A layer moved to another project leaves this project's map (spec 3 §4: hidden).
    if (projectId !== project.id) {
      const selected = selectedLayersOf(usePreferences.getState().prefs.projectPrefs, project.id);
      if (selected.includes(layer.id)) setSelectedLayers(project.id, selected.filter((id) => id !== layer.id));
    }
    onClose();
  };

  return (
    <StepperDialog
      open={open}
      title={t('app.layer.move.title', { name: layer.name })}
      steps={[t('app.move.step.project'), t('app.move.step.folder'), t('app.move.step.finish')]}
      active={step}
      onStep={setStep}
      canNext={step === 0 ? !!target : !!folder}
      canFinish={!!target && !!folder}
      busy={busy}
      finishLabel={t('app.move.finish')}
      onFinish={() => void finish()}
      onClose={onClose}
      testId="move-layer-dialog"
    >
      {step === 0 && (
        <ChoiceList
          label={t('app.move.step.project')}
          choices={targetProjects(projects, project.dataDictionaryId)}
          value={projectId}
          // Changing project resets the folder (spec 3 §4).
          onChange={(id) => {
            setProjectId(id);
            setFolderId('');
          }}
          empty={t('app.move.no-projects')}
        />
      )}
      {step === 1 && <ChoiceList label={t('app.move.step.folder')} choices={folders} value={folderId} onChange={setFolderId} empty={t('app.move.no-folders')} />}
      {step === 2 && (
        <Typography>{t('app.layer.move.summary', { name: layer.name, project: target?.name ?? '', folder: folder?.label ?? '' })}</Typography>
      )}
    </StepperDialog>
  );
}
