import { Box, Button, TextField } from '@mui/material';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { useIntl } from 'react-intl';
import { ATTACHMENT_NOTE_MAX } from '@fieldbook/domain';

interface Props {
  value: string;
  saved: string;
  onChange: (note: string) => void;
  editable: boolean;
  saving: boolean;
  onSave: () => void;
}

/** The attachment's note (File_Meta.note): read-only without the right to change the attachment. */
export function NoteEditor({ value, saved, onChange, editable, saving, onSave }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const dirty = value !== saved;
  return (
    <Box sx={{ mt: 2 }}>
      <TextField
        label={t('app.attachment.note')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        multiline
        minRows={2}
        maxRows={8}
        fullWidth
        size="small"
        placeholder={editable ? t('app.attachment.note.placeholder') : undefined}
        helperText={
          editable ? t('app.attachment.note.length', { length: value.length, max: ATTACHMENT_NOTE_MAX }) : ' '
        }
        slotProps={{
          input: { readOnly: !editable },
          htmlInput: { maxLength: ATTACHMENT_NOTE_MAX, 'data-testid': 'attachment-note' },
        }}
      />
      {editable && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 0.5 }}>
          <Button
            size="small"
            disabled={!dirty || saving}
            onClick={() => onChange(saved)}
            data-testid="attachment-note-reset"
          >
            {t('app.cancel')}
          </Button>
          <Button
            size="small"
            variant="contained"
            startIcon={<SaveOutlinedIcon />}
            disabled={!dirty || saving}
            onClick={onSave}
            data-testid="attachment-note-save"
          >
            {t('app.attachment.note.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
