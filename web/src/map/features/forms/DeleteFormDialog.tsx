import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { FEATURE_FORM_MSG, type FeatureFormRecord } from '@fieldbook/domain';
import { useSession } from '../../../api/session';
import { snackFailure } from '../../../app/action-feedback';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { showSnack } from '../../../app/snackbar-store';
import { featureFormsApi, refreshForms } from './forms-api';

interface Props {
  record: FeatureFormRecord | null;
  featureId: string;
  onClose: () => void;
}

/** The form delete dialog (spec 3 §2): "Delete this form?", then the record goes with its map feature. */
export function DeleteFormDialog({ record, featureId, onClose }: Props) {
  const intl = useIntl();
  const client = useQueryClient();
  const orgId = useSession((s) => s.orgId);
  const remove = useMutation({
    mutationFn: (r: FeatureFormRecord) => featureFormsApi.remove(r.id),
    onSuccess: () => {
      showSnack(FEATURE_FORM_MSG.deleted, 'success');
      onClose();
    },
    onError: (error) => {
      snackFailure(error, FEATURE_FORM_MSG.deleteError);
      onClose();
    },
    // Also after a failure: the form may be gone already (deleted in another window).
    onSettled: () => refreshForms(client, orgId, featureId),
  });
  return (
    <ConfirmDialog
      open={record !== null}
      title={intl.formatMessage({ id: 'app.feature-forms.delete.title' })}
      confirmLabel={intl.formatMessage({ id: 'app.feature-forms.delete' })}
      danger
      pending={remove.isPending}
      onConfirm={() => record && remove.mutate(record)}
      onClose={onClose}
      testId="form-delete-dialog"
      confirmTestId="form-delete-confirm"
    >
      {intl.formatMessage({ id: 'app.feature-forms.delete.confirm' }, { name: record?.formName ?? '' })}
    </ConfirmDialog>
  );
}
