import { useState } from 'react';
import { useIntl } from 'react-intl';
import { projectWrites, useInvalidateProjects, type Layer } from '../../../api/projects';
import { snackFailure } from '../../../app/action-feedback';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { showSnack } from '../../../app/snackbar-store';
import { usePreferences } from '../../../app/preferences-store';
import { selectedLayersOf, setSelectedLayers } from '../layer-toggles';

/** Delete layer with a confirm checkbox (spec 3 §4); its toggle goes with it. */
export function DeleteLayerDialog({ open, layer, onClose }: { open: boolean; layer: Layer; onClose: () => void }) {
  const intl = useIntl();
  const invalidate = useInvalidateProjects();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await projectWrites.removeLayer(layer.projectId, layer.folderId, layer.id);
      const selected = selectedLayersOf(usePreferences.getState().prefs.projectPrefs, layer.projectId);
      if (selected.includes(layer.id)) setSelectedLayers(layer.projectId, selected.filter((id) => id !== layer.id));
      await invalidate();
      showSnack('app.layer.deleted', 'success', { name: layer.name });
      onClose();
    } catch (error) {
      snackFailure(error, 'app.layer.delete.error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      title={intl.formatMessage({ id: 'app.layer.delete' })}
      confirmLabel={intl.formatMessage({ id: 'app.project-panel.delete' })}
      danger
      pending={busy}
      checkbox={{ label: intl.formatMessage({ id: 'app.layer.delete.agree' }), required: true, testId: 'delete-layer-agree' }}
      onConfirm={() => void confirm()}
      onClose={onClose}
      testId="delete-layer-dialog"
    >
      {intl.formatMessage({ id: 'app.layer.delete.question' }, { name: layer.name })}
    </ConfirmDialog>
  );
}
