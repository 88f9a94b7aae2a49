import { MSG } from '@fieldbook/domain';
import { ApiError } from '../api/client';
import { CATALOGS } from '../i18n/locale';
import { showSnack, type SnackSeverity } from './snackbar-store';

/** Server messages that only say "something failed" give way to the action's own failure message. */
const GENERIC = new Set<string>([MSG.errorOccurred, MSG.forbidden, MSG.notFound, MSG.unauthorized]);

/**
 * The server's message worth showing in place of an action's own fallback (spec 1 §8, spec 3 §8 "a
 * server message in the response is shown in preference to the fallback"): a specific message id this
 * build knows (e.g. app.mm.no-editors-available), or a readable text that is not an id, shown as it
 * comes. Generic ids, ids this build does not know and empty texts give way to the fallback.
 */
export function serverMessageOf(message: string): string | undefined {
  const text = message.trim();
  if (!text) return undefined;
  if (!text.startsWith('app.')) return text;
  return text in CATALOGS.en && !GENERIC.has(text) ? text : undefined;
}

/** What to show when an action fails: the server's message when it says more, else the fallback. Seat shortages are information, not errors. */
export function failureOf(error: unknown, fallbackId: string): { message: string; severity: SnackSeverity } {
  if (error instanceof ApiError) {
    const severity: SnackSeverity = error.code === 'NoSeatAvailable' ? 'info' : 'error';
    // A network failure carries no server message at all (the client names it with the generic id).
    return { message: serverMessageOf(error.message) ?? fallbackId, severity };
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
