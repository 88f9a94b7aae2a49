import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorMessageOf } from '../../../api/client';
import { useDeleteStyle, type StyleItem } from '../../../api/styles';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { showSnack } from '../../../app/snackbar-store';

/**
 * Deleting a style needs the confirmation box ticked (spec 2 §4 "Delete confirm"); a refusal shows the
 * server's message, anything else the error itself.
 */
export function StyleDeleteDialog({
  style,
  onClose,
  onDeleted,
}: {
  style: StyleItem | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const intl = useIntl();
  const remove = useDeleteStyle();
  const [shown, setShown] = useState<StyleItem | null>(style);
  useEffect(() => {
    if (style) setShown(style);
  }, [style]);

  return (
    <ConfirmDialog
      open={style !== null}
      title={intl.formatMessage({ id: 'app.data.style.delete' })}
      confirmLabel={intl.formatMessage({ id: 'app.data.delete' })}
      danger
      pending={remove.isPending}
      checkbox={{
        label: intl.formatMessage({ id: 'app.data.style.delete.check' }),
        required: true,
        testId: 'style-delete-check',
      }}
      onConfirm={() =>
        shown &&
        remove.mutate(shown.id, {
          onSuccess: () => {
            showSnack('app.data.style.message.deleted', 'success');
            onClose();
            onDeleted?.();
          },
          onError: (error) => showSnack(errorMessageOf(error), 'error'),
        })
      }
      onClose={onClose}
      testId="style-delete-dialog"
    >
      {intl.formatMessage({ id: 'app.data.style.delete.confirm' }, { name: shown?.name ?? '' })}
    </ConfirmDialog>
  );
}
