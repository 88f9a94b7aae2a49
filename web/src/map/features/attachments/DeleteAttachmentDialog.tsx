import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ATTACHMENT_MSG, type Attachment } from '@fieldbook/domain';
import { useSession } from '../../../api/session';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { ATTACHMENT_SUCCESS_MS } from './attachment-rules';
import { attachmentsApi, refreshAfterChange } from './attachments-api';

interface Props {
  attachment: Attachment | null;
  featureId: string;
  onClose: () => void;
  onDeleted: (attachment: Attachment) => void;
}

/** "Delete this attachment?" then POST /api/MapFile/Delete; the list and the feature's File_List follow. */
export function DeleteAttachmentDialog({ attachment, featureId, onClose, onDeleted }: Props) {
  const intl = useIntl();
  const client = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  const remove = useMutation({
    mutationFn: (a: Attachment) => attachmentsApi.remove(a.File_ID),
    onSuccess: (_r, a) => {
      showSnack('app.attachment.delete.success', 'success', undefined, ATTACHMENT_SUCCESS_MS);
      onDeleted(a);
      onClose();
    },
    onError: (error) => {
      snackFailure(error, ATTACHMENT_MSG.deleteError);
      onClose();
    },
    // Also after a failure: the attachment may be gone already (deleted in another window).
    onSettled: () => refreshAfterChange(client, orgId, featureId),
  });
  return (
    <ConfirmDialog
      open={attachment !== null}
      title={intl.formatMessage({ id: 'app.attachment.delete.title' })}
      confirmLabel={intl.formatMessage({ id: 'app.attachment.delete' })}
      danger
      pending={remove.isPending}
      onConfirm={() => attachment && remove.mutate(attachment)}
      onClose={onClose}
      testId="attachment-delete-dialog"
    >
      {intl.formatMessage({ id: 'app.attachment.delete.confirm' }, { name: attachment?.file_name ?? '' })}
    </ConfirmDialog>
  );
}
