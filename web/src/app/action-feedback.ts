import { MSG } from '@fieldbook/domain';
import { ApiError } from '../api/client';
import { CATALOGS } from '../i18n/locale';
import { showSnack, type SnackSeverity } from './snackbar-store';

/** Server messages that only say "something failed" give way to the action's own failure message. */
const GENERIC = new Set<string>([MSG.errorOccurred, MSG.forbidden, MSG.notFound, MSG.unauthorized]);

/**
 * What to show when an action fails (spec 1 §8): the server's specific message id when this build
 * knows it (e.g. app.mm.no-editors-available), otherwise the action's own failure message. Seat
 * shortages are information, not errors.
 */
export function failureOf(error: unknown, fallbackId: string): { message: string; severity: SnackSeverity } {
  if (error instanceof ApiError) {
    const specific = error.message.startsWith('app.') && error.message in CATALOGS.en && !GENERIC.has(error.message);
    const severity: SnackSeverity = error.code === 'NoSeatAvailable' ? 'info' : 'error';
    if (specific) return { message: error.message, severity };
    return { message: fallbackId, severity };
  }
  return { message: fallbackId, severity: 'error' };
}

export function snackFailure(error: unknown, fallbackId: string) {
  const { message, severity } = failureOf(error, fallbackId);
  showSnack(message, severity);
}

/** Mutation callbacks showing an action's own success and failure messages. */
export function actionCallbacks(successId: string, errorId: string, onSuccess?: () => void) {
  return {
    onSuccess: () => {
      showSnack(successId, 'success');
      onSuccess?.();
    },
    onError: (error: unknown) => snackFailure(error, errorId),
  };
}

/** Like actionCallbacks, but `onDone` also runs after a failure (a confirmation has nothing left to fix). */
export function settledCallbacks(successId: string, errorId: string, onDone: () => void) {
  return {
    onSuccess: () => {
      showSnack(successId, 'success');
      onDone();
    },
    onError: (error: unknown) => {
      snackFailure(error, errorId);
      onDone();
    },
  };
}
