import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { MOVE_MSG } from '@fieldbook/domain';
import { allLayers, useProjects, type Layer } from '../../../api/projects';
import { useRunMove } from './move-feedback';
import { featureTargetLayers, targetProjects } from './move-targets';
import { TargetStepperDialog, useTargetSteps } from './TargetStepperDialog';

export interface MoveFeaturesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Features to move, in "<kind>.<id>" form (e.g. "point.42"). */
  featureIds: string[];
  sourceLayerId: string;
  /** After a successful move, with the layer the features went to. */
  onMoved?: (target: Layer) => void;
}

/**
 * Move features to another layer (spec 3 §2, §4): project (same dictionary, administered), then a
 * folder's layer taking the features' geometry, then finish. Changing project resets the layer.
 */
export function MoveFeaturesDialog({ open, onClose, featureIds, sourceLayerId, onMoved }: MoveFeaturesDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const projects = useProjects(open).data ?? [];
  const runMove = useRunMove();
  const steps = useTargetSteps(open, projects);
  const { project: target, projectId, targetId: layerId, chooseProject } = steps;
  const source = projects.find((p) => allLayers(p).some((l) => l.id === sourceLayerId && !('shared' in l)));
  // The source's project is chosen at first, once the projects are read.
  useEffect(() => {
    if (open && source && !projectId) chooseProject(source.id);
  }, [open, source, projectId, chooseProject]);

  // Layers grouped under their folders; only writable vector layers that accept these geometries.
  const choices = featureTargetLayers(
    target,
    sourceLayerId,
    featureIds.map((id) => id.split('.')[0]),
  );
  const layer = choices.some((c) => c.id === layerId && !c.disabled)
    ? allLayers(target).find((l) => l.id === layerId)
    : undefined;

  const finish = async () => {
    if (!layer) return;
    const ok = await runMove(
      {
        scenario: 'MOVE_FEATURES_TO_LAYER',
        projectId: layer.projectId,
        folderId: layer.folderId,
        layerId: layer.id,
        sourceLayerId,
        ogc_fid: featureIds,
      },
      MOVE_MSG.featureSuccess,
      MOVE_MSG.featureError,
    );
    if (!ok) return;
    onMoved?.(layer);
    onClose();
  };

  return (
    <TargetStepperDialog
      open={open}
      onClose={onClose}
      title={t('app.feature.move.title', { count: featureIds.length })}
      testId="move-features-dialog"
      steps={steps}
      projectChoices={targetProjects(projects, source?.dataDictionaryId)}
      targetListLabel={t('app.move.step.layer')}
      targetChoices={choices}
      noTargets={t('app.move.no-layers')}
      targetReady={!!layer}
      canFinish={!!layer && featureIds.length > 0}
      onFinish={finish}
      summary={t('app.feature.move.summary', {
        count: featureIds.length,
        project: target?.name ?? '',
        layer: layer?.name ?? '',
      })}
    />
  );
}
