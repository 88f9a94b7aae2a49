import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../../api/client';
import { featuresApi } from '../../../api/features';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { showSnack } from '../../../app/snackbar-store';
import { useMapStore } from '../../state/map-store';

interface Props {
  open: boolean;
  featureId: string;
  layerId: string;
  onClose: () => void;
}

/** Feature delete with a confirmation checkbox (spec 3 §4): delete, clear the selection, reload the layer. */
export function DeleteFeatureDialog({ open, featureId, layerId, onClose }: Props) {
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await featuresApi.remove(featureId);
      const store = useMapStore.getState();
      store.select(null);
      store.refreshLayers(layerId);
      showSnack('app.feature.delete.success', 'success');
      onClose();
    } catch (e) {
      showSnack(e instanceof ApiError ? e.message : 'app.error.occurred', 'error');
    } finally {
      setPending(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={intl.formatMessage({ id: 'app.feature.delete.title' })}
      danger
      pending={pending}
      confirmLabel={intl.formatMessage({ id: 'app.feature.delete' })}
      onConfirm={confirm}
      onClose={onClose}
      testId="feature-delete-dialog"
      checkbox={{
        label: intl.formatMessage({ id: 'app.feature.delete.agree' }),
        required: true,
        testId: 'feature-delete-agree',
      }}
    >
      {intl.formatMessage({ id: 'app.feature.delete.message' })}
    </ConfirmDialog>
  );
}
