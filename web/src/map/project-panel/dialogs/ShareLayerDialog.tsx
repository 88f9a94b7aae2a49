import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { MOVE_MSG } from '@fieldbook/domain';
import { allFolders, projectWrites, useInvalidateProjects, type Layer, type Project } from '../../../api/projects';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { targetFolders } from './move-targets';
import { ChoiceList, StepperDialog } from './StepperDialog';

/** The "not shared" choice: removes a share into the chosen project. */
const NONE = 'none';

interface Props {
  open: boolean;
  layer: Layer;
  projects: Project[];
  onClose: () => void;
}

/**
 * Share layer (spec 3 §4): in an administered project, no folder removes an existing share, another
 * folder replaces it, a folder where none was shared creates one; affected projects are read again.
 */
export function ShareLayerDialog({ open, layer, projects, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const invalidate = useInvalidateProjects();
  const [step, setStep] = useState(0);
  const [projectId, setProjectId] = useState('');
  const [folderId, setFolderId] = useState('');
  const [busy, setBusy] = useState(false);

  const target = projects.find((p) => p.id === projectId);
  const existing = allFolders(target).map((f) => f.id).find((id) => layer.sharedFolders?.includes(id));
  useEffect(() => {
    if (!open) return;
    setStep(0);
    setProjectId('');
    setFolderId('');
  }, [open]);
  useEffect(() => setFolderId(existing ?? NONE), [projectId, existing]);

  const choices = [{ id: NONE, label: t('app.layer.share.none') }, ...targetFolders(target)];
  const unchanged = (folderId === NONE && !existing) || folderId === existing;
  const finish = async () => {
    setBusy(true);
    try {
      // One call each way: a replaced share moves atomically on the server (no moment with two or none).
      if (folderId !== NONE) await projectWrites.share(folderId, layer.id, existing);
      else if (existing) await projectWrites.unshare(existing, layer.id);
      await invalidate();
      showSnack(folderId === NONE ? MOVE_MSG.shareRemoved : MOVE_MSG.shareSuccess, 'success', { name: layer.name });
      onClose();
    } catch (error) {
      snackFailure(error, MOVE_MSG.shareError);
    } finally {
      setBusy(false);
    }
  };

  const folderLabel = choices.find((c) => c.id === folderId)?.label ?? '';
  return (
    <StepperDialog
      open={open}
      title={t('app.layer.share.title', { name: layer.name })}
      steps={[t('app.move.step.project'), t('app.move.step.folder'), t('app.move.step.finish')]}
      active={step}
      onStep={setStep}
      canNext={step === 0 ? !!target : !!folderId}
      canFinish={!!target && !!folderId && !unchanged}
      busy={busy}
      finishLabel={t('app.layer.share.finish')}
      onFinish={() => void finish()}
      onClose={onClose}
      testId="share-layer-dialog"
    >
      {step === 0 && (
        <ChoiceList
          label={t('app.move.step.project')}
          choices={projects.filter((p) => p.abilities.admin && p.id !== layer.projectId).map((p) => ({ id: p.id, label: p.name }))}
          value={projectId}
          onChange={setProjectId}
          empty={t('app.move.no-projects')}
        />
      )}
      {step === 1 && <ChoiceList label={t('app.move.step.folder')} choices={choices} value={folderId} onChange={setFolderId} empty={t('app.move.no-folders')} />}
      {step === 2 && (
        <Typography>
          {folderId === NONE
            ? t('app.layer.share.summary-remove', { name: layer.name, project: target?.name ?? '' })
            : t('app.layer.share.summary', { name: layer.name, project: target?.name ?? '', folder: folderLabel })}
        </Typography>
      )}
    </StepperDialog>
  );
}
