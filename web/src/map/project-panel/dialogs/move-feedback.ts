import { useQueryClient } from '@tanstack/react-query';
import { projectKeys, projectWrites, type DataOrganizationBody } from '../../../api/projects';
import { useSession } from '../../../api/session';
import { failureOf } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { useMapStore } from '../../state/map-store';

/** Spec 3 §9: success toasts of moves stay 10 s; layers refresh 250 ms after a move. */
export const MOVE_TOAST_MS = 10_000;
const REFRESH_AFTER_MOVE_MS = 250;

/**
 * Runs a data-organization move and reports it (spec 3 §4, §8): a 10 s success toast, or the
 * server's message in preference to the fallback; then source and target layers refresh and
 * the projects are read again.
 */
export function useRunMove() {
  const queryClient = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  return async (body: DataOrganizationBody, successId: string, fallbackId: string): Promise<boolean> => {
    try {
      const result = await projectWrites.organize(body);
      showSnack(successId, 'success', undefined, MOVE_TOAST_MS);
      setTimeout(() => useMapStore.getState().refreshLayers(...result.movedLayerIds), REFRESH_AFTER_MOVE_MS);
      await queryClient.invalidateQueries({ queryKey: projectKeys.all(orgId) });
      return true;
    } catch (error) {
      const { message, severity } = failureOf(error, fallbackId);
      showSnack(message, severity);
      return false;
    }
  };
}
