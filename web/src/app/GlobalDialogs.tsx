import { useGlobalDialogs } from './dialogs-store';
import { FeedbackDialog } from './FeedbackDialog';
import { GettingStartedDialog, useGettingStartedOnFirstUse } from './GettingStartedDialog';
import { InvitationsDialog } from '../invitations/InvitationsDialog';

/** The dialogs of the settings menu entries, available on every signed-in screen. */
export function GlobalDialogs() {
  const open = useGlobalDialogs((s) => s.open);
  const show = useGlobalDialogs((s) => s.show);
  const close = useGlobalDialogs((s) => s.close);
  useGettingStartedOnFirstUse(() => show('getting-started'));
  return (
    <>
      <FeedbackDialog open={open === 'feedback'} onClose={close} />
      <GettingStartedDialog open={open === 'getting-started'} onClose={close} />
      <InvitationsDialog />
    </>
  );
}
