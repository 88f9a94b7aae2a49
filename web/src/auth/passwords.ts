import { MSG } from '@fieldbook/domain';
import type { FieldErrors } from '../app/form';

/** Spec 1 §5: the confirmation is required and must equal the new password. */
export function confirmationError(password: string, confirmation: string): string | undefined {
  if (!confirmation) return MSG.nonEmpty;
  if (confirmation !== password) return MSG.confirmPasswordMismatch;
  return undefined;
}

/** Adds the confirmation check under `key` to errors from a domain schema. */
export function withConfirmation(
  errors: FieldErrors,
  password: string,
  confirmation: string,
  key = 'confirm',
): FieldErrors {
  const problem = confirmationError(password, confirmation);
  return problem ? { ...errors, [key]: problem } : errors;
}
