import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { MOVE_MSG } from '@fieldbook/domain';
import { allFolders, allLayers, useProjects } from '../../../api/projects';
import { useRunMove } from './move-feedback';
import { targetProjects } from './move-targets';
import { ChoiceList, StepperDialog, type Choice } from './StepperDialog';

export interface MoveFeaturesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Features to move, in "<kind>.<id>" form (e.g. "point.42"). */
  featureIds: string[];
  sourceLayerId: string;
}

const KINDS = ['point', 'line', 'polygon'];

/**
 * Move features to another layer (spec 3 §2, §4): project (same dictionary, administered), then a
 * layer of that project taking the features' geometry, then finish. Changing project resets the layer.
 */
export function MoveFeaturesDialog({ open, onClose, featureIds, sourceLayerId }: MoveFeaturesDialogProps) {
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

  const kinds = new Set(featureIds.map((id) => id.split('.')[0]));
  const target = projects.find((p) => p.id === projectId);
  // Layers grouped under their folders; only vector layers that accept these geometries.
  const choices: Choice[] = allFolders(target).flatMap((f) => {
    const layers = f.layers.filter((l) => l.type === 'VECTOR' && !l.readOnly && !l.referenceId && l.id !== sourceLayerId
      && (!KINDS.includes(l.serverName ?? '') || (kinds.size === 1 && kinds.has(l.serverName!))));
    return layers.length ? [{ id: `folder:${f.id}`, label: f.name, disabled: true }, ...layers.map((l) => ({ id: l.id, label: l.name, indent: true }))] : [];
  });
  const layer = allLayers(target).find((l) => l.id === layerId);

  const finish = async () => {
    if (!layer) return;
    setBusy(true);
    const ok = await runMove(
      { scenario: 'MOVE_FEATURES_TO_LAYER', projectId: layer.projectId, folderId: layer.folderId, layerId: layer.id, sourceLayerId, ogc_fid: featureIds },
      MOVE_MSG.featureSuccess,
      MOVE_MSG.featureError,
    );
    setBusy(false);
    if (ok) onClose();
  };

  return (
    <StepperDialog
      open={open}
      title={t('app.feature.move.title', { count: featureIds.length })}
      steps={[t('app.move.step.project'), t('app.move.step.layer'), t('app.move.step.finish')]}
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
