import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FeatureInput } from '@fieldbook/domain';
import { ApiError } from '../../../api/client';
import { featuresApi, type FeatureOut } from '../../../api/features';
import { showSnack } from '../../../app/snackbar-store';
import { useMapStore } from '../../state/map-store';

/** Saves an edited feature (PUT /rest/features), refreshes its layer and panel; keeps the server's message on failure. */
export function useFeatureSave(feature: FeatureOut) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (
    properties: Partial<FeatureInput['properties']>,
    geometry = feature.geometry,
    successId = 'app.feature.update.success',
  ) => {
    setBusy(true);
    setError(null);
    try {
      const p = feature.properties;
      await featuresApi.update({
        type: 'Feature',
        id: feature.id,
        geometry,
        properties: {
          layer_id: p.layer_id,
          dictionary_id: p.dictionary_id,
          system_id: p.system_id,
          component_id: p.component_id,
          attributes: JSON.parse(p.attributes || '[]'),
          ...properties,
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['features'] });
      useMapStore.getState().refreshLayers(p.layer_id);
      showSnack(successId, 'success');
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'app.error.occurred');
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { save, error, busy };
}
