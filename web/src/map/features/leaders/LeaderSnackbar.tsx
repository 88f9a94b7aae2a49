import { Button, Snackbar, SnackbarContent } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { featuresApi, useFeature } from '../../../api/features';
import { snackFailure } from '../../../app/action-feedback';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { showSnack } from '../../../app/snackbar-store';
import { useWorkspace } from '../workspace-store';

/** Spec 3 §9: the selected-leader snackbar hides after 4 s. */
const LEADER_SNACKBAR_MS = 4000;
/** A disabled action on the snackbar's inverted background stays readable, only dimmed. */
const actionSx = { '&.Mui-disabled': { color: 'inherit', opacity: 0.5 } };

/**
 * A leader clicked on the map: a bottom snackbar with Edit and Delete, and the delete confirmation.
 * Edit needs edit-feature and Delete feature-admin (spec 3 §6), as the server reports them for the leader.
 */
export function LeaderSnackbar() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const label = (id: string) => intl.formatMessage({ id });
  const leaderId = useWorkspace((s) => s.selectedLeaderId);
  const leader = useFeature(leaderId).data;
  const [confirming, setConfirming] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => useWorkspace.getState().selectLeader(null);

  const remove = async () => {
    if (!confirming) return;
    setPending(true);
    try {
      await featuresApi.removeLeader(confirming);
      await queryClient.invalidateQueries({ queryKey: ['features'] });
      showSnack('app.leader.delete.success', 'success');
      setConfirming(null);
    } catch (e) {
      snackFailure(e, 'app.error.occurred');
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Snackbar
        open={!!leaderId}
        autoHideDuration={LEADER_SNACKBAR_MS}
        onClose={(_, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={{ bottom: { xs: 96, sm: 88 } }}
      >
        <SnackbarContent
          message={label('app.leader.selected')}
          data-testid="leader-snackbar"
          action={
            <>
              <Button
                color="inherit"
                size="small"
                sx={actionSx}
                disabled={!leader?.abilities?.edit}
                data-testid="leader-edit"
                onClick={() => {
                  useWorkspace
                    .getState()
                    .setLeaderDraft({ leaderId: leaderId!, folderId: String(leader?.properties.folder_id) });
                  close();
                }}
              >
                {label('app.leader.edit')}
              </Button>
              <Button
                color="inherit"
                size="small"
                sx={actionSx}
                disabled={!leader?.abilities?.admin}
                data-testid="leader-delete"
                onClick={() => {
                  setConfirming(leaderId);
                  close();
                }}
              >
                {label('app.leader.delete')}
              </Button>
            </>
          }
        />
      </Snackbar>
      <ConfirmDialog
        open={!!confirming}
        title={label('app.leader.delete.title')}
        danger
        pending={pending}
        confirmLabel={label('app.leader.delete')}
        onConfirm={remove}
        onClose={() => setConfirming(null)}
        testId="leader-delete-dialog"
      >
        {label('app.leader.delete.message')}
      </ConfirmDialog>
    </>
  );
}
