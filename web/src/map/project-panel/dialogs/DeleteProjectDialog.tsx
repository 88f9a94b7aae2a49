import { projectWrites, type Project } from '../../../api/projects';
import { DeleteWithAgreeDialog } from './DeleteWithAgreeDialog';

const MESSAGES = {
  title: 'app.project.delete',
  question: 'app.project.delete.question',
  agree: 'app.project.delete.agree',
  deleted: 'app.project.deleted',
  failed: 'app.project.delete.error',
};

/**
 * Delete project with the agree checkbox (spec 3 §2); the first remaining project becomes current (§4):
 * once the list is read again without it, the current-project hook selects the first remaining one.
 */
export function DeleteProjectDialog({
  open,
  project,
  onClose,
}: {
  open: boolean;
  project: Project;
  onClose: () => void;
}) {
  return (
    <DeleteWithAgreeDialog
      open={open}
      onClose={onClose}
      messages={MESSAGES}
      name={project.name}
      remove={() => projectWrites.remove(project.id)}
      testId="delete-project-dialog"
      agreeTestId="delete-project-agree"
    />
  );
}
