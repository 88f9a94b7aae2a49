import { useState } from 'react';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { DELETED_LAYER_RETENTION_DAYS, type ActivityEntry } from '@fieldbook/domain';
import { activitiesApi } from '../../api/activities';
import { snackFailure } from '../../app/action-feedback';
import { showSnack } from '../../app/snackbar-store';
import { useMapStore } from '../../map/state/map-store';
import { EntryDialog } from './EntryDialog';
import { restorableDeletionId } from './log-format';

interface Props {
  /** The Layer or Folder Delete entry to undo; null when closed. */
  entry: ActivityEntry | null;
  onClose: () => void;
}

/**
 * Brings back a deleted layer or folder with the features it held (POST /rest/activities/{id}/restore),
 * within the retention the dialog states. The project tree, the map's layers and the log are read again.
 */
export function RestoreDeletionDialog({ entry, onClose }: Props) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const restore = async () => {
    const entryId = entry && restorableDeletionId(entry);
    if (!entryId) return;
    setBusy(true);
    try {
      const answer = await activitiesApi.restoreDeletion(entryId);
      showSnack('app.restore.deletion.success', 'success', { count: answer.featuresRestored });
      for (const layerId of answer.layerIds) useMapStore.getState().refreshLayers(layerId);
      await queryClient.invalidateQueries();
    } catch (error) {
      snackFailure(error, 'app.restore.error');
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <EntryDialog
      entry={entry}
      title={intl.formatMessage({ id: 'app.as.logs.restore-deletion.title' })}
      text={intl.formatMessage({ id: 'app.as.logs.restore-deletion.text' }, { days: DELETED_LAYER_RETENTION_DAYS })}
      busy={busy}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {intl.formatMessage({ id: 'app.as.logs.restore.no' })}
          </Button>
          <Button variant="contained" onClick={() => void restore()} disabled={busy}>
            {intl.formatMessage({ id: 'app.as.logs.restore-deletion.yes' })}
          </Button>
        </>
      }
    />
  );
}
