import { useIntl } from 'react-intl';
import { MOVE_MSG } from '@fieldbook/domain';
import type { Layer, Project } from '../../../api/projects';
import { usePreferences } from '../../../app/preferences-store';
import { selectedLayersOf, setSelectedLayers } from '../layer-toggles';
import { useRunMove } from './move-feedback';
import { layerTargetFolders, targetProjects } from './move-targets';
import { TargetStepperDialog, useTargetSteps } from './TargetStepperDialog';

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
  const steps = useTargetSteps(open, projects, project.id);
  const { project: target, projectId, targetId: folderId } = steps;
  const folders = layerTargetFolders(target, layer);
  const folder = folders.find((f) => f.id === folderId && !f.disabled);

  const finish = async () => {
    const ok = await runMove(
      { scenario: 'MOVE_LAYER_TO_FOLDER', projectId, folderId, layerId: layer.id },
      MOVE_MSG.layerSuccess,
      MOVE_MSG.layerError,
    );
    if (!ok) return;
    // A layer moved to another project leaves this project's map (spec 3 §4: hidden).
    if (projectId !== project.id) {
      const selected = selectedLayersOf(usePreferences.getState().prefs.projectPrefs, project.id);
      if (selected.includes(layer.id))
        setSelectedLayers(
          project.id,
          selected.filter((id) => id !== layer.id),
        );
    }
    onClose();
  };

  return (
    <TargetStepperDialog
      open={open}
      onClose={onClose}
      title={t('app.layer.move.title', { name: layer.name })}
      testId="move-layer-dialog"
      steps={steps}
      projectChoices={targetProjects(projects, project.dataDictionaryId)}
      targetChoices={folders}
      targetReady={!!folder}
      canFinish={!!target && !!folder}
      onFinish={finish}
      summary={t('app.layer.move.summary', {
        name: layer.name,
        project: target?.name ?? '',
        folder: folder?.label ?? '',
      })}
    />
  );
}
