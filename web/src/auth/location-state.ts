import { useLocation } from 'react-router';

/**
 * What the previous screen passed in navigation state (e-mail, password, destination…). Every
 * key may be missing: the user can open the address directly or reload.
 */
export function useLocationState<T extends object>(): Partial<T> {
  return (useLocation().state ?? {}) as Partial<T>;
}
