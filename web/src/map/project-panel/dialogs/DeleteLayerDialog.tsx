import { projectWrites, type Layer } from '../../../api/projects';
import { usePreferences } from '../../../app/preferences-store';
import { selectedLayersOf, setSelectedLayers } from '../layer-toggles';
import { DeleteWithAgreeDialog } from './DeleteWithAgreeDialog';

const MESSAGES = {
  title: 'app.layer.delete',
  question: 'app.layer.delete.question',
  agree: 'app.layer.delete.agree',
  deleted: 'app.layer.deleted',
  failed: 'app.layer.delete.error',
};

/** Delete layer with a confirm checkbox (spec 3 §4); its toggle goes with it. */
export function DeleteLayerDialog({ open, layer, onClose }: { open: boolean; layer: Layer; onClose: () => void }) {
  const remove = async () => {
    await projectWrites.removeLayer(layer.projectId, layer.folderId, layer.id);
    const selected = selectedLayersOf(usePreferences.getState().prefs.projectPrefs, layer.projectId);
    if (selected.includes(layer.id))
      setSelectedLayers(
        layer.projectId,
        selected.filter((id) => id !== layer.id),
      );
  };
  return (
    <DeleteWithAgreeDialog
      open={open}
      onClose={onClose}
      messages={MESSAGES}
      name={layer.name}
      remove={remove}
      testId="delete-layer-dialog"
      agreeTestId="delete-layer-agree"
    />
  );
}
