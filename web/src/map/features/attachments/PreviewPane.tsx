import { useState, type ReactNode } from 'react';
import { Box, Dialog, DialogContent, Paper, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { ATTACHMENT_MSG, type Attachment, type FileMeta } from '@fieldbook/domain';
import { useSession } from '../../../api/session';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { currentOf, startHistory, type AnnotationHistory } from './annotation-history';
import { readableBytes } from './attachment-rules';
import { attachmentsApi, putInList, refreshAfterChange } from './attachments-api';
import { NoteEditor } from './NoteEditor';
import { PreviewBody } from './PreviewBody';
import { TipIconButton } from './TipIconButton';

interface Props {
  attachment: Attachment;
  featureId: string;
  editable: boolean;
  onClose: () => void;
}

/** Drafts of one attachment: its annotations with their undo steps and its note, until saved. */
function useDrafts(attachment: Attachment) {
  const saved = { annots: attachment.File_Meta?.annots ?? [], note: attachment.File_Meta?.note ?? '' };
  const [drafts, setDrafts] = useState({
    id: attachment.File_ID,
    history: startHistory(saved.annots),
    note: saved.note,
  });
  // Another attachment starts from what the server holds.
  const current =
    drafts.id === attachment.File_ID
      ? drafts
      : { id: attachment.File_ID, history: startHistory(saved.annots), note: saved.note };
  if (current !== drafts) setDrafts(current);
  return {
    saved,
    history: current.history,
    note: current.note,
    setHistory: (history: AnnotationHistory) => setDrafts({ ...current, history }),
    setNote: (note: string) => setDrafts({ ...current, note }),
    /** After a save: what the server now holds, keeping the other draft. */
    settle: (result: Attachment, what: keyof FileMeta) =>
      setDrafts({
        ...current,
        ...(what === 'annots' ? { history: startHistory(result.File_Meta?.annots ?? []) } : {}),
        ...(what === 'note' ? { note: result.File_Meta?.note ?? '' } : {}),
      }),
  };
}

/**
 * The preview of the chosen attachment (spec 3 §2): image with annotation drawing, PDF page or a link,
 * and the note editor. It expands into a full-width dialog (full screen on a phone) and back.
 */
export function PreviewPane({ attachment, featureId, editable, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [expanded, setExpanded] = useState(false);
  const drafts = useDrafts(attachment);
  const client = useQueryClient();
  const orgId = useSession((s) => s.orgId);

  const save = useMutation({
    mutationFn: ({ meta }: { meta: FileMeta; what: keyof FileMeta }) =>
      attachmentsApi.updateMeta(attachment.File_ID, meta),
    onSuccess: (result, { what }) => {
      drafts.settle(result, what);
      putInList(client, orgId, featureId, result);
      showSnack(what === 'note' ? 'app.attachment.note.saved' : 'app.attachment.annotations.saved', 'success');
      void refreshAfterChange(client, orgId, featureId);
    },
    onError: (error, { what }) =>
      snackFailure(error, what === 'note' ? ATTACHMENT_MSG.noteError : ATTACHMENT_MSG.generic),
  });
  const saving = save.isPending;

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="subtitle2"
          component="h3"
          noWrap
          title={attachment.file_name}
          data-testid="attachment-preview-name"
        >
          {attachment.file_name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {readableBytes(attachment.size, intl.locale)}
        </Typography>
      </Box>
      <TipIconButton
        label={t(expanded ? 'app.attachment.preview.collapse' : 'app.attachment.preview.expand')}
        pressed={expanded}
        onClick={() => setExpanded(!expanded)}
        testId="attachment-preview-expand"
      >
        {expanded ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
      </TipIconButton>
      <TipIconButton label={t('app.attachment.preview.close')} onClick={onClose} testId="attachment-preview-close">
        <CloseIcon fontSize="small" />
      </TipIconButton>
    </Box>
  );
  const body: ReactNode = (
    <>
      {header}
      <PreviewBody
        attachment={attachment}
        expanded={expanded}
        history={drafts.history}
        onHistory={drafts.setHistory}
        editable={editable}
        savingAnnotations={saving}
        onSaveAnnotations={() => save.mutate({ meta: { annots: [...currentOf(drafts.history)] }, what: 'annots' })}
      />
      <NoteEditor
        value={drafts.note}
        saved={drafts.saved.note}
        onChange={drafts.setNote}
        editable={editable}
        saving={saving}
        onSave={() => save.mutate({ meta: { note: drafts.note }, what: 'note' })}
      />
    </>
  );

  if (expanded)
    return (
      <Dialog
        open
        fullScreen={phone}
        fullWidth
        maxWidth="lg"
        onClose={() => setExpanded(false)}
        aria-label={attachment.file_name}
        data-testid="attachment-preview-dialog"
      >
        <DialogContent sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="attachment-preview">
          {body}
        </DialogContent>
      </Dialog>
    );
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, m: 1 }}
      role="region"
      aria-label={t('app.attachment.preview')}
      data-testid="attachment-preview"
    >
      {body}
    </Paper>
  );
}
