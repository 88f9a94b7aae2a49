import { useEffect, useEffectEvent, useId, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { feedbackSchema } from '@fieldbook/domain';
import { useSendFeedback } from '../api/feedback';
import { snackFailure } from './action-feedback';
import { schemaErrors, useForm } from './form';
import { showSnack } from './snackbar-store';

/** "Send feedback" (spec 1 §2.12): Title and Message, both required and trimmed. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const send = useSendFeedback();
  const form = useForm({ Title: '', Message: '' }, (v) => schemaErrors(feedbackSchema, v));
  const label = (id: string) => intl.formatMessage({ id });

  // Each opening starts from empty fields.
  const resetForm = useEffectEvent(() => form.reset());
  useEffect(() => {
    if (open) resetForm();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid || send.isPending) return;
    send.mutate(
      { Title: form.values.Title.trim(), Message: form.values.Message.trim() },
      {
        onSuccess: () => {
          showSnack('app.feedback.success', 'success');
          onClose();
        },
        onError: (err) => snackFailure(err, 'app.feedback.error'),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={send.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="feedback-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{label('app.feedback.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{label('app.feedback.subtitle')}</DialogContentText>
          <TextField
            {...form.field('Title', label('app.feedback.field.title'))}
            required
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'feedback-title', maxLength: 200 } }}
          />
          <TextField
            {...form.field('Message', label('app.feedback.field.message'))}
            required
            multiline
            minRows={4}
            maxRows={12}
            slotProps={{ htmlInput: { 'data-testid': 'feedback-message', maxLength: 5000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={send.isPending}>
            {label('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || send.isPending}
            data-testid="feedback-send"
          >
            {label('app.feedback.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
