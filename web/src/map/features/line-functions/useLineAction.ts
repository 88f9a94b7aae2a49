import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { showSnack } from '../../../app/snackbar-store';
import { useMapStore } from '../../state/map-store';

/** Runs one line function: success message and layer refresh, or the server's message. */
export function useLineAction() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async <T>(call: () => Promise<T>, successId: string, layerIds: string[]): Promise<T | null> => {
    setBusy(true);
    try {
      const result = await call();
      await queryClient.invalidateQueries({ queryKey: ['features'] });
      useMapStore.getState().refreshLayers(...layerIds);
      showSnack(successId, 'success');
      return result;
    } catch (e) {
      showSnack(e instanceof ApiError ? e.message : 'app.error.occurred', 'error');
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
