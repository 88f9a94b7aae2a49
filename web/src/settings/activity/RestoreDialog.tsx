import { useState } from 'react';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { ActivityEntry } from '@fieldbook/domain';
import { activitiesApi, RESTORED } from '../../api/activities';
import { snackFailure } from '../../app/action-feedback';
import { showSnack } from '../../app/snackbar-store';
import { useT } from '../../i18n/translate';
import { useMapStore } from '../../map/state/map-store';
import { EntryDialog } from './EntryDialog';
import { artifactLayerId, formatLogTime, restorableFeatureId } from './log-format';

/**
 * Restores the feature an entry names (spec 3 §4 restore dialog, §8 restore messages): success says so;
 * a warning answer shows the restore-warning text followed by the server's text; a failure shows the
 * server's message. Afterwards the log, the feature and its layer on the map are read again.
 */
function useRestoreFeature() {
  const intl = useIntl();
  const t = useT();
  const queryClient = useQueryClient();
  return async (entry: ActivityEntry, fromLog: boolean) => {
    const featureId = restorableFeatureId(entry);
    if (!featureId) return;
    try {
      const answer = await activitiesApi.restoreFeature(featureId, fromLog ? entry.Timestamp : undefined);
      if (answer.data === RESTORED) showSnack('app.restore.success', 'success');
      else showSnack(`${intl.formatMessage({ id: 'app.restore.warning' })} ${t(answer.data)}`, 'warning');
      const layerId = artifactLayerId(entry);
      // The map redraws the layer now or, when it is not mounted (settings screen), on its next load.
      if (layerId) useMapStore.getState().refreshLayers(layerId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['features'] }),
        queryClient.invalidateQueries({ queryKey: ['activities'] }),
      ]);
    } catch (error) {
      snackFailure(error, 'app.restore.error');
    }
  };
}

interface Props {
  /** The entry whose feature to restore; null when closed. */
  entry: ActivityEntry | null;
  onClose: () => void;
}

/** Undelete (no time), From log (the entry's time) or No; closes when the restore has finished. */
export function RestoreDialog({ entry, onClose }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const restore = useRestoreFeature();
  const [busy, setBusy] = useState(false);

  const run = async (fromLog: boolean) => {
    if (!entry) return;
    setBusy(true);
    await restore(entry, fromLog);
    setBusy(false);
    onClose();
  };

  return (
    <EntryDialog
      entry={entry}
      title={label('app.as.logs.restore.title')}
      text={entry ? label('app.as.logs.restore.text', { time: formatLogTime(entry.Timestamp, intl.locale, true) }) : ''}
      busy={busy}
      onClose={onClose}
      testId="restore-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={busy} data-testid="restore-no">
            {label('app.as.logs.restore.no')}
          </Button>
          <Button variant="outlined" onClick={() => void run(true)} disabled={busy} data-testid="restore-from-log">
            {label('app.as.logs.restore.from-log')}
          </Button>
          <Button variant="contained" onClick={() => void run(false)} disabled={busy} data-testid="restore-undelete">
            {label('app.as.logs.restore.undelete')}
          </Button>
        </>
      }
    />
  );
}
