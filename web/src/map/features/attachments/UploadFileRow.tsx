import { Box, LinearProgress, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import { useIntl } from 'react-intl';
import { ATTACHMENT_MAX_BYTES } from '@fieldbook/domain';
import { readableBytes } from './attachment-rules';
import { TipIconButton } from './TipIconButton';
import type { QueuedFile } from './upload-queue';

const STATUS_ICONS = {
  idle: <InsertDriveFileOutlinedIcon color="action" />,
  uploading: <InsertDriveFileOutlinedIcon color="primary" />,
  metadata: <InsertDriveFileOutlinedIcon color="primary" />,
  success: <CheckCircleOutlinedIcon color="success" />,
  error: <ErrorOutlinedIcon color="error" />,
};

/** One file of the upload dialog: its name and size, then its state (progress, metadata update, done, or why not). */
export function UploadFileRow({ item, onRemove }: { item: QueuedFile; onRemove?: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const size = readableBytes(item.file.size, intl.locale);
  const state =
    item.status === 'error'
      ? t(item.message ?? 'app.attachment.new.error', { maxSize: readableBytes(ATTACHMENT_MAX_BYTES, intl.locale) })
      : t(`app.attachment.upload.status.${item.status}`);
  const removeLabel = t('app.attachment.upload.remove', { name: item.file.name });
  return (
    <ListItem
      data-testid="upload-file-row"
      data-status={item.status}
      data-name={item.file.name}
      secondaryAction={
        onRemove && (
          <TipIconButton label={removeLabel} edge="end" onClick={onRemove} testId="upload-file-remove">
            <CloseIcon fontSize="small" />
          </TipIconButton>
        )
      }
    >
      <ListItemIcon sx={{ minWidth: 36 }}>{STATUS_ICONS[item.status]}</ListItemIcon>
      <ListItemText
        primary={item.file.name}
        secondary={
          <>
            <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {size} ·{' '}
              <span data-testid="upload-file-state" role={item.status === 'error' ? 'alert' : undefined}>
                {state}
              </span>
            </Box>
            {(item.status === 'uploading' || item.status === 'metadata') && (
              <LinearProgress
                sx={{ display: 'block', mt: 0.5 }}
                // Sent and waiting for the server's answer: indeterminate, like the metadata update.
                variant={item.status === 'uploading' && item.progress < 1 ? 'determinate' : 'indeterminate'}
                value={Math.round(item.progress * 100)}
                aria-label={state}
              />
            )}
          </>
        }
        slotProps={{
          primary: { noWrap: true, title: item.file.name } as object,
          secondary: { component: 'div', color: item.status === 'error' ? 'error' : 'text.secondary' } as object,
        }}
      />
    </ListItem>
  );
}
