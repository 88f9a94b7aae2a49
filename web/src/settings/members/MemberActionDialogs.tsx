import { useRef } from 'react';
import { useIntl } from 'react-intl';
import type { Member, SeatSummary } from '@fieldbook/domain';
import {
  useActivateMember,
  useDeactivateMember,
  useDeleteMember,
  useDemoteMember,
  usePromoteMember,
  useResendInvitation,
} from '../../api/members';
import { settledCallbacks } from '../../app/action-feedback';
import { ConfirmDialog, type ConfirmCheckbox } from '../../app/ConfirmDialog';
import { EditMemberDialog } from './EditMemberDialog';
import { fullName, type MemberAction } from './member-format';

interface Props {
  pending: { action: MemberAction; member: Member } | null;
  onClose: () => void;
  seats: SeatSummary | undefined;
  isPlus: boolean;
  selfId: string | undefined;
}

interface Confirmation {
  titleId: string;
  bodyId: string;
  confirmId: string;
  danger?: boolean;
  checkbox?: ConfirmCheckbox;
  run: (checked: boolean) => void;
  isPending: boolean;
}

/** Every row action asks first (spec 1 §2.5, §4); each has its own success and failure message. */
export function MemberActionDialogs({ pending, onClose, seats, isPlus, selfId }: Props) {
  const intl = useIntl();
  const remove = useDeleteMember();
  const deactivate = useDeactivateMember();
  const activate = useActivateMember();
  const resend = useResendInvitation();
  const promote = usePromoteMember();
  const demote = useDemoteMember();
  const label = (id: string) => intl.formatMessage({ id });
  // The last action stays rendered while its dialog fades out.
  const last = useRef(pending);
  if (pending) last.current = pending;
  const member = last.current?.member;
  const action = last.current?.action;
  const id = member?.id ?? '';
  const confirmations: Partial<Record<MemberAction, Confirmation>> = {
    delete: {
      titleId: 'app.mm.delete.title',
      bodyId: 'app.mm.delete.body',
      confirmId: 'app.mm.action.delete',
      danger: true,
      run: () =>
        remove.mutate(id, settledCallbacks('app.mm.user.deleted.success', 'app.mm.user.deleted.error', onClose)),
      isPending: remove.isPending,
    },
    disable: {
      titleId: 'app.mm.disable.title',
      bodyId: 'app.mm.disable.body',
      confirmId: 'app.mm.action.disable',
      danger: true,
      run: () =>
        deactivate.mutate(id, settledCallbacks('app.mm.user.disabled.success', 'app.mm.user.disabled.error', onClose)),
      isPending: deactivate.isPending,
    },
    enable: {
      titleId: 'app.mm.enable.title',
      bodyId: 'app.mm.enable.body',
      confirmId: 'app.mm.action.enable',
      // Only someone who never chose a password can be sent the invitation again.
      checkbox: member?.mustChangePassword
        ? { label: label('app.mm.enable.reinvite'), testId: 'enable-reinvite' }
        : undefined,
      run: (reinvite) =>
        activate.mutate(
          { id, reinvite },
          settledCallbacks('app.mm.user.enabled.success', 'app.mm.user.enabled.error', onClose),
        ),
      isPending: activate.isPending,
    },
    resend: {
      titleId: 'app.mm.resend.title',
      bodyId: 'app.mm.resend.body',
      confirmId: 'app.mm.action.resend',
      run: () =>
        resend.mutate(
          id,
          settledCallbacks('app.mm.user.invitation-sent.success', 'app.mm.user.invitation-sent.error', onClose),
        ),
      isPending: resend.isPending,
    },
    promote: {
      titleId: 'app.mm.promote.title',
      bodyId: 'app.mm.promote.body',
      confirmId: 'app.mm.action.promote',
      run: () =>
        promote.mutate(id, settledCallbacks('app.mm.user.promoted.success', 'app.mm.user.promoted.error', onClose)),
      isPending: promote.isPending,
    },
    demote: {
      titleId: 'app.mm.demote.title',
      bodyId: 'app.mm.demote.body',
      confirmId: 'app.mm.action.demote',
      run: () =>
        demote.mutate(id, settledCallbacks('app.mm.user.demoted.success', 'app.mm.user.demoted.error', onClose)),
      isPending: demote.isPending,
    },
  };
  const confirmation = action ? confirmations[action] : undefined;
  const open = Boolean(pending);
  const name = member ? fullName(member) : '';

  return (
    <>
      {member && (
        <EditMemberDialog
          open={open && action === 'edit'}
          member={member}
          onClose={onClose}
          seats={seats}
          isPlus={isPlus}
          isSelf={member.id === selfId}
        />
      )}
      <ConfirmDialog
        open={open && Boolean(confirmation)}
        title={confirmation ? label(confirmation.titleId) : ''}
        confirmLabel={confirmation ? label(confirmation.confirmId) : ''}
        danger={confirmation?.danger}
        pending={confirmation?.isPending}
        checkbox={confirmation?.checkbox}
        onConfirm={(checked) => confirmation?.run(checked)}
        onClose={onClose}
        testId={action ? `member-${action}-dialog` : undefined}
      >
        {confirmation
          ? intl.formatMessage({ id: confirmation.bodyId }, { name: <strong key="name">{name}</strong> })
          : ''}
      </ConfirmDialog>
    </>
  );
}
