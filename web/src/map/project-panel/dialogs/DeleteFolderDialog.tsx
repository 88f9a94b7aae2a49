import { useEffect, useId, useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, FormControlLabel, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { isFeatureFolder } from '@fieldbook/domain';
import { projectWrites, useInvalidateProjects, type Folder } from '../../../api/projects';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';

/** The word a feature folder's deletion needs typed (spec 3 §4). */
const CONFIRM_WORD = 'delete';

/** Delete folder (spec 3 §4): a confirm checkbox; a feature folder also needs the word 'delete' typed. */
export function DeleteFolderDialog({ open, projectId, folder, onClose }: { open: boolean; projectId: string; folder: Folder; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const invalidate = useInvalidateProjects();
  const [agreed, setAgreed] = useState(false);
  const [word, setWord] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setAgreed(false);
    setWord('');
  }, [open]);
  // The same rule as the server: a features folder, or a plain one holding point, line or polygon layers.
  const featureFolder = isFeatureFolder(folder.folderType, [folder, ...folder.folders].flatMap((f) => f.layers.map((l) => l.serverName)));
  const ready = agreed && (!featureFolder || word.trim().toLowerCase() === CONFIRM_WORD);

  const confirm = async () => {
    setBusy(true);
    try {
      await projectWrites.removeFolder(projectId, folder.id, featureFolder ? CONFIRM_WORD : undefined);
      await invalidate();
      showSnack('app.folder.deleted', 'success', { name: folder.name });
      onClose();
    } catch (error) {
      snackFailure(error, 'app.folder.delete.error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="delete-folder-dialog">
      <DialogTitle id={titleId}>{t('app.folder.delete')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('app.folder.delete.question', { name: folder.name })}</DialogContentText>
        <FormControlLabel
          sx={{ mt: 1.5 }}
          control={<Checkbox checked={agreed} onChange={(_, c) => setAgreed(c)} slotProps={{ input: { 'data-testid': 'delete-folder-agree' } as object }} />}
          label={t('app.folder.delete.agree')}
        />
        {featureFolder && (
          <TextField
            fullWidth
            sx={{ mt: 1 }}
            label={t('app.folder.delete.type-word', { word: CONFIRM_WORD })}
            value={word}
            onChange={(e) => setWord(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'delete-folder-word', autoComplete: 'off' } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{t('app.cancel')}</Button>
        <Button variant="contained" color="error" disabled={busy || !ready} onClick={() => void confirm()} data-testid="delete-folder-confirm">
          {t('app.project-panel.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
