import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { MOVE_MSG } from '@fieldbook/domain';
import { allFolders, projectWrites, type Layer, type Project } from '../../../api/projects';
import { targetFolders } from './move-targets';
import { useProjectWrite } from './project-write';
import { TargetStepperDialog, useTargetSteps } from './TargetStepperDialog';

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
  const { run } = useProjectWrite(onClose);
  const steps = useTargetSteps(open, projects);
  const { project: target, projectId, targetId: folderId, setTargetId } = steps;
  const existing = allFolders(target)
    .map((f) => f.id)
    .find((id) => layer.sharedFolders?.includes(id));
  // The chosen project's current share is chosen at first.
  useEffect(() => setTargetId(existing ?? NONE), [projectId, existing, setTargetId]);

  const choices = [{ id: NONE, label: t('app.layer.share.none') }, ...targetFolders(target)];
  const unchanged = (folderId === NONE && !existing) || folderId === existing;
  const finish = () =>
    run(async () => {
      // One call each way: a replaced share moves atomically on the server (no moment with two or none).
      if (folderId !== NONE) await projectWrites.share(folderId, layer.id, existing);
      else if (existing) await projectWrites.unshare(existing, layer.id);
      return {
        message: folderId === NONE ? MOVE_MSG.shareRemoved : MOVE_MSG.shareSuccess,
        values: { name: layer.name },
      };
    }, MOVE_MSG.shareError);

  const folderLabel = choices.find((c) => c.id === folderId)?.label ?? '';
  return (
    <TargetStepperDialog
      open={open}
      onClose={onClose}
      title={t('app.layer.share.title', { name: layer.name })}
      testId="share-layer-dialog"
      finishLabel={t('app.layer.share.finish')}
      steps={steps}
      projectChoices={projects
        .filter((p) => p.abilities.admin && p.id !== layer.projectId)
        .map((p) => ({ id: p.id, label: p.name }))}
      targetChoices={choices}
      targetReady={!!folderId}
      canFinish={!!target && !!folderId && !unchanged}
      onFinish={finish}
      summary={
        folderId === NONE
          ? t('app.layer.share.summary-remove', { name: layer.name, project: target?.name ?? '' })
          : t('app.layer.share.summary', { name: layer.name, project: target?.name ?? '', folder: folderLabel })
      }
    />
  );
}
