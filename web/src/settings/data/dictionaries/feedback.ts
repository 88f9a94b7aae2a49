import { ApiError, errorMessageOf } from '../../../api/client';
import { showSnack } from '../../../app/snackbar-store';

/** Dictionary calls show the server's message id as the error (spec 2 §8); unknown ids read as a generic error. */
export const snackError = (error: unknown) => showSnack(errorMessageOf(error), 'error');
export const snackSuccess = (id: string, values?: Record<string, string | number>) => showSnack(id, 'success', values);

/** The server's message id when the call failed with one of `ids` (a duplicate name, …), else null. */
export function messageIn(error: unknown, ids: string[]): string | null {
  return error instanceof ApiError && ids.includes(error.message) ? error.message : null;
}
