import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { MOVE_MSG } from '@fieldbook/domain';
import { allLayers, useProjects, type Layer } from '../../../api/projects';
import { useRunMove } from './move-feedback';
import { featureTargetLayers, targetProjects } from './move-targets';
import { ChoiceList, StepperDialog } from './StepperDialog';

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
  const [step, setStep] = useState(0);
  const [projectId, setProjectId] = useState('');
  const [layerId, setLayerId] = useState('');
  const [busy, setBusy] = useState(false);
  const source = projects.find((p) => allLayers(p).some((l) => l.id === sourceLayerId && !('shared' in l)));
  useEffect(() => {
    if (!open) return;
    setStep(0);
    setProjectId('');
    setLayerId('');
  }, [open]);
  useEffect(() => {
    if (open && source && !projectId) setProjectId(source.id);
  }, [open, source, projectId]);

  const target = projects.find((p) => p.id === projectId);
  // Layers grouped under their folders; only writable vector layers that accept these geometries.
  const choices = featureTargetLayers(target, sourceLayerId, featureIds.map((id) => id.split('.')[0]));
  const layer = choices.some((c) => c.id === layerId && !c.disabled) ? allLayers(target).find((l) => l.id === layerId) : undefined;

  const finish = async () => {
    if (!layer) return;
    setBusy(true);
    const ok = await runMove(
      { scenario: 'MOVE_FEATURES_TO_LAYER', projectId: layer.projectId, folderId: layer.folderId, layerId: layer.id, sourceLayerId, ogc_fid: featureIds },
      MOVE_MSG.featureSuccess,
      MOVE_MSG.featureError,
    );
    setBusy(false);
    if (!ok) return;
    onMoved?.(layer);
    onClose();
  };

  return (
    <StepperDialog
      open={open}
      title={t('app.feature.move.title', { count: featureIds.length })}
      steps={[t('app.move.step.project'), t('app.move.step.folder'), t('app.move.step.finish')]}
      active={step}
      onStep={setStep}
      canNext={step === 0 ? !!target : !!layer}
      canFinish={!!layer && featureIds.length > 0}
      busy={busy}
      finishLabel={t('app.move.finish')}
      onFinish={() => void finish()}
      onClose={onClose}
      testId="move-features-dialog"
    >
      {step === 0 && (
        <ChoiceList
          label={t('app.move.step.project')}
          choices={targetProjects(projects, source?.dataDictionaryId)}
          value={projectId}
          onChange={(id) => {
            setProjectId(id);
            setLayerId('');
          }}
          empty={t('app.move.no-projects')}
        />
      )}
      {step === 1 && <ChoiceList label={t('app.move.step.layer')} choices={choices} value={layerId} onChange={setLayerId} empty={t('app.move.no-layers')} />}
      {step === 2 && (
        <Typography>{t('app.feature.move.summary', { count: featureIds.length, project: target?.name ?? '', layer: layer?.name ?? '' })}</Typography>
      )}
    </StepperDialog>
  );
}
