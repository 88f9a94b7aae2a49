import { useState } from 'react';
import { useInvalidateProjects } from '../../../api/projects';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';

/** What a write that succeeded reports: its success toast, and what waits for the projects read again. */
export interface WriteDone {
  message: string;
  values?: Record<string, string>;
  /** Runs once the projects are read again, before the toast (e.g. choosing a project just created). */
  afterRefresh?: () => void;
}

/** A name clash the dialog shows under its name field rather than in a toast. */
export interface NameClash {
  messageId: string;
  show: (messageId: string) => void;
}

/**
 * Runs the write of a project-panel dialog (spec 3 §4, §8) with the dialog busy until it settles:
 * then the projects are read again, the success toast shows and the dialog closes. A failure shows
 * the server's message in preference to `failureId`, except a name clash the dialog shows itself.
 */
export function useProjectWrite(onClose: () => void) {
  const invalidate = useInvalidateProjects();
  const [busy, setBusy] = useState(false);
  const run = async (write: () => Promise<WriteDone>, failureId: string, clash?: NameClash) => {
    setBusy(true);
    try {
      const done = await write();
      await invalidate();
      done.afterRefresh?.();
      showSnack(done.message, 'success', done.values);
      onClose();
    } catch (error) {
      if (clash && error instanceof Error && error.message === clash.messageId) clash.show(clash.messageId);
      else snackFailure(error, failureId);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
