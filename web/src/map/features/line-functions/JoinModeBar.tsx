import { Button, Paper, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { LINE_FN_MSG } from '@fieldbook/domain';
import { featuresApi } from '../../../api/features';
import { showSnack } from '../../../app/snackbar-store';
import { useMapStore } from '../../state/map-store';
import { useWorkspaceData } from '../use-workspace-data';
import { FloatingBar, messageSx } from '../FloatingBar';
import { useLineAction } from './useLineAction';

/**
 * The floating message of the join modes (spec 3 §4): choose points (two or more make a line in the
 * folder's line layer) or a second line, then confirm or cancel.
 */
export function JoinModeBar() {
  const intl = useIntl();
  const mode = useMapStore((s) => s.mode);
  const selection = useMapStore((s) => s.selection);
  const { project, layer } = useWorkspaceData();
  const { run, busy } = useLineAction();
  if (mode.type !== 'join-points' && mode.type !== 'join-line') return null;
  const cancel = () => useMapStore.getState().setMode({ type: 'idle' });

  const confirm = async () => {
    if (mode.type === 'join-points') {
      if (mode.featureIds.length < 2) {
        showSnack(LINE_FN_MSG.pointsTooFew, 'info');
        return;
      }
      // The line goes to the line layer of the points' folder.
      const pointLayer = layer(selection?.layerId);
      const folder = project?.folders.flatMap((f) => [f, ...f.folders]).find((f) => f.id === pointLayer?.folderId);
      const target = folder?.layers.find((l) => l.serverName === 'line' && !l.readOnly);
      if (!target) {
        showSnack(LINE_FN_MSG.pointsLayer, 'info');
        return;
      }
      const line = await run(
        () => featuresApi.joinPoints({ featureIds: mode.featureIds, layerId: target.id }),
        LINE_FN_MSG.pointsSuccess,
        [target.id],
      );
      if (line) {
        useMapStore.getState().setMode({ type: 'idle' });
        useMapStore.getState().select({ featureId: line.id, layerId: target.id });
      }
      return;
    }
    if (!mode.withId) return;
    const layerId = selection?.layerId ?? '';
    const joined = await run(() => featuresApi.joinLines(mode.featureId, mode.withId!), LINE_FN_MSG.joinSuccess, [
      layerId,
    ]);
    if (joined) useMapStore.getState().setMode({ type: 'idle' });
  };

  const message =
    mode.type === 'join-points'
      ? intl.formatMessage({ id: 'app.line.create.from.points.count' }, { count: mode.featureIds.length })
      : intl.formatMessage({ id: mode.withId ? LINE_FN_MSG.joinConfirm : LINE_FN_MSG.joinPick });
  const ready = mode.type === 'join-points' ? mode.featureIds.length >= 2 : !!mode.withId;

  return (
    <FloatingBar>
      <Paper elevation={4} role="status" data-testid="join-mode-bar" sx={messageSx}>
        <Typography variant="body2">{message}</Typography>
        <Button size="small" variant="contained" disabled={!ready || busy} onClick={confirm} data-testid="join-confirm">
          {intl.formatMessage({ id: mode.type === 'join-points' ? 'app.line.create.from.points' : 'app.line.join' })}
        </Button>
        <Button size="small" color="inherit" onClick={cancel} data-testid="join-cancel">
          {intl.formatMessage({ id: 'app.cancel' })}
        </Button>
      </Paper>
    </FloatingBar>
  );
}
