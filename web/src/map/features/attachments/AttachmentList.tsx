import { List, ListItem, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useIntl } from 'react-intl';
import type { Attachment } from '@fieldbook/domain';
import { noteExcerpt, readableBytes } from './attachment-rules';
import { AttachmentThumb } from './AttachmentThumb';
import { TipIconButton } from './TipIconButton';

interface Props {
  attachments: Attachment[];
  selectedId: string | null;
  onSelect: (attachment: Attachment) => void;
  /** Delete is shown to everyone and disabled without the right (spec 3 §6). */
  canDelete: boolean;
  onDelete: (attachment: Attachment) => void;
}

/** The feature's attachments: thumbnail or icon, name, size, vertex, annotation count and the note's first line. */
export function AttachmentList({ attachments, selectedId, onSelect, canDelete, onDelete }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <List dense disablePadding aria-label={t('app.attachment.list')} data-testid="attachment-list">
      {attachments.map((a) => {
        const details = [
          readableBytes(a.size, intl.locale),
          a.Vertex !== undefined ? t('app.attachment.vertex.n', { n: a.Vertex + 1 }) : null,
          a.File_Meta?.annots?.length
            ? t('app.attachment.annotations.count', { count: a.File_Meta.annots.length })
            : null,
        ].filter(Boolean);
        const note = noteExcerpt(a.File_Meta?.note);
        const deleteLabel = t('app.attachment.delete.named', { name: a.file_name });
        return (
          <ListItem
            key={a.File_ID}
            disablePadding
            data-testid="attachment-row"
            data-name={a.file_name}
            secondaryAction={
              <TipIconButton
                label={deleteLabel}
                tip={canDelete ? undefined : t('app.attachment.delete.not-allowed')}
                edge="end"
                size="medium"
                disabled={!canDelete}
                onClick={() => onDelete(a)}
                testId="attachment-delete"
              >
                <DeleteOutlinedIcon />
              </TipIconButton>
            }
          >
            <ListItemButton
              selected={a.File_ID === selectedId}
              onClick={() => onSelect(a)}
              aria-label={t('app.attachment.open.named', { name: a.file_name })}
              aria-current={a.File_ID === selectedId ? 'true' : undefined}
              data-testid="attachment-open"
              sx={{ pr: 7 }}
            >
              <ListItemAvatar sx={{ minWidth: 68 }}>
                <AttachmentThumb attachment={a} />
              </ListItemAvatar>
              <ListItemText
                primary={a.file_name}
                slotProps={{
                  primary: { noWrap: true, title: a.file_name, 'data-testid': 'attachment-name' } as object,
                  secondary: { component: 'div' } as object,
                }}
                secondary={
                  <>
                    <Typography
                      variant="caption"
                      component="div"
                      color="text.secondary"
                      data-testid="attachment-details"
                    >
                      {details.join(' · ')}
                    </Typography>
                    {note && (
                      <Typography
                        variant="caption"
                        component="div"
                        color="text.secondary"
                        noWrap
                        sx={{ fontStyle: 'italic' }}
                        data-testid="attachment-note-excerpt"
                      >
                        {note}
                      </Typography>
                    )}
                  </>
                }
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
