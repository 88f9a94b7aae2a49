import { useState } from 'react';
import { useIntl } from 'react-intl';
import { projectWrites, useInvalidateProjects, type Project } from '../../../api/projects';
import { snackFailure } from '../../../app/action-feedback';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { showSnack } from '../../../app/snackbar-store';

/** Delete project with the agree checkbox (spec 3 §2); the first remaining project becomes current (§4). */
export function DeleteProjectDialog({ open, project, onClose }: { open: boolean; project: Project; onClose: () => void }) {
  const intl = useIntl();
  const invalidate = useInvalidateProjects();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await projectWrites.remove(project.id);
      // Once the list is back without it, the current-project hook selects the first remaining project.
      await invalidate();
      showSnack('app.project.deleted', 'success', { name: project.name });
      onClose();
    } catch (error) {
      snackFailure(error, 'app.project.delete.error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={intl.formatMessage({ id: 'app.project.delete' })}
      confirmLabel={intl.formatMessage({ id: 'app.project-panel.delete' })}
      danger
      pending={busy}
      checkbox={{ label: intl.formatMessage({ id: 'app.project.delete.agree' }), required: true, testId: 'delete-project-agree' }}
      onConfirm={() => void confirm()}
      onClose={onClose}
      testId="delete-project-dialog"
    >
      {intl.formatMessage({ id: 'app.project.delete.question' }, { name: project.name })}
    </ConfirmDialog>
  );
}
