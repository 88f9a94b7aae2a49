import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { useProjectWrite } from './project-write';

/** Message ids of one delete dialog; the question and the success toast take the item's {name}. */
export interface DeleteMessages {
  title: string;
  question: string;
  agree: string;
  deleted: string;
  failed: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  messages: DeleteMessages;
  name: string;
  /** Deletes the item; the projects are then read again. */
  remove: () => Promise<void>;
  testId: string;
  agreeTestId: string;
  confirmTestId?: string;
  /** Fields under the agree checkbox, and whether they allow deleting yet. */
  afterCheckbox?: ReactNode;
  canConfirm?: boolean;
}

/** Delete a project, folder or layer (spec 3 §2, §4): a question and an agree checkbox that must be ticked. */
export function DeleteWithAgreeDialog({
  open,
  onClose,
  messages,
  name,
  remove,
  testId,
  agreeTestId,
  confirmTestId,
  afterCheckbox,
  canConfirm,
}: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { busy, run } = useProjectWrite(onClose);
  const confirm = () =>
    run(async () => {
      await remove();
      return { message: messages.deleted, values: { name } };
    }, messages.failed);
  return (
    <ConfirmDialog
      open={open}
      title={t(messages.title)}
      confirmLabel={t('app.project-panel.delete')}
      danger
      pending={busy}
      checkbox={{ label: t(messages.agree), required: true, testId: agreeTestId }}
      afterCheckbox={afterCheckbox}
      canConfirm={canConfirm}
      onConfirm={() => void confirm()}
      onClose={onClose}
      testId={testId}
      confirmTestId={confirmTestId}
    >
      {t(messages.question, { name })}
    </ConfirmDialog>
  );
}
