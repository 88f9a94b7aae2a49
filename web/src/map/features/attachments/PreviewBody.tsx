import { Alert, Box, Button, CircularProgress } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useIntl } from 'react-intl';
import { ATTACHMENT_MSG, type Attachment } from '@fieldbook/domain';
import type { AnnotationHistory } from './annotation-history';
import { previewKindOf } from './attachment-rules';
import { ImageAnnotator } from './ImageAnnotator';
import { PdfPreview } from './PdfPreview';
import { useRetriedUrl } from './use-retried-url';

interface Props {
  attachment: Attachment;
  expanded: boolean;
  history: AnnotationHistory;
  onHistory: (next: AnnotationHistory) => void;
  editable: boolean;
  savingAnnotations: boolean;
  onSaveAnnotations: () => void;
}

/** What the preview shows of a file: an image to annotate, a PDF's pages, or a link to open any other file. */
export function PreviewBody({
  attachment,
  expanded,
  history,
  onHistory,
  editable,
  savingAnnotations,
  onSaveAnnotations,
}: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const kind = previewKindOf(attachment.content_type);
  const { url, failed, loading, attempt, onError } = useRetriedUrl(attachment.File_ID, false);
  const spinner = (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
      <CircularProgress size={28} aria-label={t('app.attachment.loading')} />
    </Box>
  );

  if (failed)
    return (
      <Alert severity="warning" data-testid="attachment-preview-not-found">
        {t(ATTACHMENT_MSG.previewNotFound)}
      </Alert>
    );
  if (!url) return loading ? spinner : null;
  if (kind === 'image')
    return (
      <ImageAnnotator
        url={url}
        attempt={attempt}
        onError={onError}
        history={history}
        onHistory={onHistory}
        editable={editable}
        saving={savingAnnotations}
        onSave={onSaveAnnotations}
        expanded={expanded}
      />
    );
  if (kind === 'pdf') return <PdfPreview url={url} attempt={attempt} onError={onError} expanded={expanded} />;
  return (
    <Box sx={{ py: 2, textAlign: 'center' }}>
      <Button
        variant="outlined"
        startIcon={<OpenInNewIcon />}
        href={url}
        target="_blank"
        rel="noopener"
        data-testid="attachment-open-file"
      >
        {t('app.attachment.open-file')}
      </Button>
    </Box>
  );
}
