import { useId, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
} from '@mui/material';
import { useIntl } from 'react-intl';
import type { Invitation } from '@fieldbook/domain';
import { useAcceptInvitation, useDeclineInvitation, useMyInvitations } from '../api/invitations';
import { actionCallbacks } from '../app/action-feedback';

/**
 * Invitations to other organizations, shown after sign-in until answered: an organization that
 * added this person by e-mail grants nothing until they accept here. "Later" hides the dialog
 * for this visit; it comes back on the next start.
 */
export function InvitationsDialog() {
  const intl = useIntl();
  const titleId = useId();
  const invitations = useMyInvitations().data ?? [];
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const [later, setLater] = useState(false);
  const busy = accept.isPending || decline.isPending;
  const answers = [
    {
      mutation: decline,
      variant: 'text',
      textId: 'app.invitations.decline',
      labelId: 'app.invitations.decline.label',
      successId: 'app.invitations.declined',
      testId: 'invitation-decline',
    },
    {
      mutation: accept,
      variant: 'contained',
      textId: 'app.invitations.accept',
      labelId: 'app.invitations.accept.label',
      successId: 'app.invitations.accepted',
      testId: 'invitation-accept',
    },
  ] as const;
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const message = (i: Invitation) =>
    i.invitedBy
      ? label('app.invitations.message', { inviter: i.invitedBy, organization: i.organizationName })
      : label('app.invitations.message.no-inviter', { organization: i.organizationName });

  return (
    <Dialog
      open={!later && invitations.length > 0}
      onClose={busy ? undefined : () => setLater(true)}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="invitations-dialog"
    >
      <DialogTitle id={titleId}>{label('app.invitations.title')}</DialogTitle>
      <DialogContent>
        <List disablePadding>
          {invitations.map((i) => (
            <ListItem
              key={i.organizationId}
              disableGutters
              divider
              data-testid={`invitation-${i.organizationId}`}
              sx={{ flexWrap: 'wrap', gap: 1 }}
            >
              <ListItemText primary={i.organizationName} secondary={message(i)} sx={{ minWidth: 200 }} />
              <Stack direction="row" spacing={1}>
                {answers.map((a) => (
                  <Button
                    key={a.testId}
                    variant={a.variant}
                    disabled={busy}
                    aria-label={label(a.labelId, { organization: i.organizationName })}
                    onClick={() =>
                      a.mutation.mutate(i.organizationId, actionCallbacks(a.successId, 'app.invitations.error'))
                    }
                    data-testid={a.testId}
                  >
                    {label(a.textId)}
                  </Button>
                ))}
              </Stack>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setLater(true)} disabled={busy} data-testid="invitations-later">
          {label('app.invitations.later')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
