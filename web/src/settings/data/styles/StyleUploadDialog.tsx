import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Box, Dialog, DialogContent, DialogContentText, DialogTitle, FormHelperText, Typography } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import { useIntl } from 'react-intl';
import { DATA_MSG, isReservedStyleName, styleFromFileName } from '@fieldbook/domain';
import { errorMessageOf } from '../../../api/client';
import { useUploadStyle } from '../../../api/styles';
import { DialogSaveActions } from '../../../app/DialogSaveActions';
import { HiddenFileInput } from '../../../app/FilePickButton';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Names of the styles already there: a file of the same name (case-insensitive) is refused. */
  existingNames: string[];
}

/** Why a chosen file cannot be uploaded, or null (spec 2 §5 Style files). */
export function styleFileError(file: File, existingNames: string[]): string | null {
  const parsed = styleFromFileName(file.name);
  if (!parsed) return DATA_MSG.styleBadExtension;
  const lower = parsed.name.trim().toLowerCase();
  if (existingNames.some((n) => n.trim().toLowerCase() === lower)) return DATA_MSG.styleExists;
  if (file.size === 0) return DATA_MSG.styleEmpty;
  return null;
}

/**
 * Style upload (spec 2 §2 Styles, §4): drop or choose one .sld or .css file; idle, file chosen,
 * uploading. A file named like the reserved leaders style is ignored at drop. A failed upload closes
 * the dialog and shows the error.
 */
export function StyleUploadDialog({ open, onClose, existingNames }: Props) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const hintId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadStyle();
  const { reset: resetUpload } = upload;
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);

  // The dialog starts empty each time it opens.
  useEffect(() => {
    if (!open) return;
    setFile(null);
    setDragging(false);
    resetUpload();
  }, [open, resetUpload]);

  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    const parsed = styleFromFileName(chosen.name);
    // The leaders style belongs to the product: such a file is refused without a word.
    if (parsed && isReservedStyleName(parsed.name)) return;
    setFile(chosen);
  };

  const error = file ? styleFileError(file, existingNames) : null;
  const uploading = upload.isPending;
  const canUpload = Boolean(file && file.name && file.size > 0 && !error && !uploading);

  const submit = async () => {
    if (!file || !canUpload) return;
    const body = await file.text();
    upload.mutate(
      { filename: file.name, body },
      {
        onSuccess: () => {
          showSnack('app.data.style.message.uploaded', 'success');
          onClose();
        },
        onError: (e) => {
          onClose();
          showSnack(errorMessageOf(e), 'error');
        },
      },
    );
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!uploading) take(e.dataTransfer.files);
  };

  return (
    <Dialog
      open={open}
      onClose={uploading ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="style-upload-dialog"
    >
      <DialogTitle id={titleId}>{label('app.data.style.upload.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={hintId} sx={{ mb: 2 }}>
          {label('app.data.style.upload.hint')}
        </DialogContentText>
        <HiddenFileInput ref={inputRef} accept=".sld,.css" testId="style-upload-input" onFiles={take} />
        <Box
          role="button"
          tabIndex={uploading ? -1 : 0}
          aria-describedby={hintId}
          aria-disabled={uploading}
          aria-label={label('app.data.style.upload.drop')}
          onClick={() => !uploading && inputRef.current?.click()}
          onKeyDown={(e) => {
            if (!uploading && (e.key === 'Enter' || e.key === ' ')) {
              e.preventDefault();
              inputRef.current?.click();
            }
          }}
          onDragOver={(e) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="style-upload-drop"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : error ? 'error.main' : 'divider',
            bgcolor: dragging ? 'action.selected' : 'action.hover',
            borderRadius: 2,
            px: 2,
            py: { xs: 3, sm: 4 },
            textAlign: 'center',
            cursor: uploading ? 'default' : 'pointer',
            outline: 'none',
            '&:focus-visible': {
              borderColor: 'primary.main',
              boxShadow: (th) => `0 0 0 2px ${th.palette.primary.main}`,
            },
          }}
        >
          {file ? (
            <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, maxWidth: '100%' }}>
              <DescriptionOutlinedIcon color="primary" />
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="style-upload-file">
                {file.name}
              </Typography>
            </Box>
          ) : (
            <>
              <CloudUploadOutlinedIcon color="action" sx={{ fontSize: 40 }} />
              <Typography sx={{ mt: 1 }}>{label('app.data.style.upload.drop')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {label('app.data.style.upload.types')}
              </Typography>
            </>
          )}
        </Box>
        <FormHelperText
          error={Boolean(error)}
          aria-live="polite"
          data-testid="style-upload-error"
          sx={{ minHeight: 20 }}
        >
          {error ? t(error) : file ? label('app.data.style.upload.change') : ''}
        </FormHelperText>
      </DialogContent>
      <DialogSaveActions
        onCancel={onClose}
        saving={uploading}
        canSave={canUpload}
        onSave={() => void submit()}
        saveLabel={label('app.data.style.upload')}
        saveIcon={<CloudUploadOutlinedIcon />}
        cancelTestId="style-upload-cancel"
        saveTestId="style-upload-submit"
      />
    </Dialog>
  );
}
