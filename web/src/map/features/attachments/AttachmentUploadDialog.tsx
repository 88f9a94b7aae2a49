import { useId, useRef, useState, type DragEvent } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useIntl } from 'react-intl';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_NOTE_MAX, type Attachment } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { HiddenFileInput } from '../../../app/FilePickButton';
import { vertices } from '../geo';
import { readableBytes } from './attachment-rules';
import { UploadFileRow } from './UploadFileRow';
import { useAttachmentUpload } from './use-attachment-upload';

interface Props {
  open: boolean;
  feature: FeatureOut;
  project: { id: string; name: string } | undefined;
  existing: readonly Attachment[];
  onClose: () => void;
}

/**
 * The attachment upload dialog (spec 3 §2, §4): files dropped or chosen (several at once), checked as
 * the server will (size, empty, duplicate name on the same vertex), an optional vertex and note, then
 * sent with each file's progress and state.
 */
export function AttachmentUploadDialog({ open, feature, project, existing, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const dropHintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const close = () => {
    upload.reset();
    onClose();
  };
  const upload = useAttachmentUpload({ feature, project, existing, onDone: close });
  const vertexCount = vertices(feature.geometry).length;
  const locked = upload.busy;

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!locked) upload.add(Array.from(e.dataTransfer.files));
  };

  return (
    <Dialog
      open={open}
      onClose={locked ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      data-testid="attachment-upload-dialog"
    >
      <DialogTitle id={titleId}>{t('app.attachment.upload.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box
            onDragOver={(e) => {
              e.preventDefault();
              if (!locked) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="attachment-drop"
            data-dragging={dragging}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              borderRadius: 1,
              bgcolor: dragging ? 'action.hover' : 'transparent',
              p: 2,
              textAlign: 'center',
            }}
          >
            <CloudUploadOutlinedIcon color="action" sx={{ fontSize: 40 }} />
            <Typography id={dropHintId} variant="body2" sx={{ mb: 1 }}>
              {t('app.attachment.upload.drop')}
            </Typography>
            <Button
              variant="outlined"
              size="small"
              disabled={locked}
              onClick={() => input.current?.click()}
              aria-describedby={dropHintId}
              data-testid="attachment-choose"
            >
              {t('app.attachment.upload.choose')}
            </Button>
            <HiddenFileInput
              ref={input}
              accept=""
              multiple
              testId="attachment-file-input"
              label={t('app.attachment.upload.choose')}
              onFiles={(files) => upload.add(Array.from(files ?? []))}
            />
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
              {t('app.attachment.upload.limit', { maxSize: readableBytes(ATTACHMENT_MAX_BYTES, intl.locale) })}
            </Typography>
          </Box>
          {vertexCount > 1 && (
            <TextField
              select
              size="small"
              label={t('app.attachment.vertex')}
              value={upload.vertex === undefined ? '' : String(upload.vertex)}
              onChange={(e) => upload.setVertex(e.target.value === '' ? undefined : Number(e.target.value))}
              disabled={locked}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="attachment-vertex"
            >
              <MenuItem value="">{t('app.attachment.vertex.none')}</MenuItem>
              {Array.from({ length: vertexCount }, (_, i) => (
                <MenuItem key={i} value={String(i)}>
                  {t('app.attachment.vertex.n', { n: i + 1 })}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            size="small"
            label={t('app.attachment.upload.note')}
            value={upload.note}
            onChange={(e) => upload.setNote(e.target.value)}
            disabled={locked}
            multiline
            maxRows={4}
            slotProps={{ htmlInput: { maxLength: ATTACHMENT_NOTE_MAX, 'data-testid': 'attachment-upload-note' } }}
          />
          {upload.queue.length > 0 && (
            <List dense disablePadding aria-label={t('app.attachment.upload.files')} data-testid="upload-file-list">
              {upload.queue.map((item) => (
                <UploadFileRow
                  key={item.key}
                  item={item}
                  onRemove={
                    item.status === 'idle' || item.status === 'error' ? () => upload.remove(item.key) : undefined
                  }
                />
              ))}
            </List>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid="attachment-upload-cancel">
          {t('app.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!upload.canStart}
          onClick={() => void upload.start()}
          data-testid="attachment-upload-submit"
        >
          {t('app.attachment.upload.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
