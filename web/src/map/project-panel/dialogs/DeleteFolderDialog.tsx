import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { isFeatureFolder } from '@fieldbook/domain';
import { projectWrites, type Folder } from '../../../api/projects';
import { DeleteWithAgreeDialog } from './DeleteWithAgreeDialog';

/** The word a feature folder's deletion needs typed (spec 3 §4). */
const CONFIRM_WORD = 'delete';

const MESSAGES = {
  title: 'app.folder.delete',
  question: 'app.folder.delete.question',
  agree: 'app.folder.delete.agree',
  deleted: 'app.folder.deleted',
  failed: 'app.folder.delete.error',
};

/** Delete folder (spec 3 §4): a confirm checkbox; a feature folder also needs the word 'delete' typed. */
export function DeleteFolderDialog({
  open,
  projectId,
  folder,
  onClose,
}: {
  open: boolean;
  projectId: string;
  folder: Folder;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [word, setWord] = useState('');
  useEffect(() => {
    if (open) setWord('');
  }, [open]);
  // The same rule as the server: a features folder, or a plain one holding point, line or polygon layers.
  const featureFolder = isFeatureFolder(
    folder.folderType,
    [folder, ...folder.folders].flatMap((f) => f.layers.map((l) => l.serverName)),
  );

  return (
    <DeleteWithAgreeDialog
      open={open}
      onClose={onClose}
      messages={MESSAGES}
      name={folder.name}
      remove={() => projectWrites.removeFolder(projectId, folder.id, featureFolder ? CONFIRM_WORD : undefined)}
      testId="delete-folder-dialog"
      agreeTestId="delete-folder-agree"
      confirmTestId="delete-folder-confirm"
      canConfirm={!featureFolder || word.trim().toLowerCase() === CONFIRM_WORD}
      afterCheckbox={
        featureFolder && (
          <TextField
            fullWidth
            sx={{ mt: 1 }}
            label={intl.formatMessage({ id: 'app.folder.delete.type-word' }, { word: CONFIRM_WORD })}
            value={word}
            onChange={(e) => setWord(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'delete-folder-word', autoComplete: 'off' } }}
          />
        )
      }
    />
  );
}
