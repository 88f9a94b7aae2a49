import { useId, type ReactNode } from 'react';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ActivityEntry } from '@fieldbook/domain';

interface Props {
  /** The entry the dialog acts on; null when closed. */
  entry: ActivityEntry | null;
  title: string;
  text: string;
  /** While the action runs the dialog cannot be dismissed. */
  busy: boolean;
  onClose: () => void;
  actions: ReactNode;
  testId?: string;
}

/** The frame of the log's restore dialogs: a question, what it does, the entry's message, the choices. */
export function EntryDialog({ entry, title, text, busy, onClose, actions, testId }: Props) {
  const titleId = useId();
  return (
    <Dialog
      open={entry !== null}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        {entry && (
          <DialogContentText sx={{ mt: 1, fontStyle: 'italic', wordBreak: 'break-word' }}>
            {entry.Message}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>{actions}</DialogActions>
    </Dialog>
  );
}
