import { useEffect, useId, useMemo, useState } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, FormHelperText, TextField, Typography } from '@mui/material';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { DATA_MSG, DICTIONARY_LIMITS, saveSymbolSchema, symbolFileError } from '@fieldbook/domain';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { saveSymbol, symbolKeys, symbolsApi, useSymbolsChanged, type SymbolItem } from '../../../api/symbols';
import { snackFailure } from '../../../app/action-feedback';
import { DialogSaveActions } from '../../../app/DialogSaveActions';
import { FilePickButton } from '../../../app/FilePickButton';
import { schemaErrors } from '../../../app/form';
import { showSnack } from '../../../app/snackbar-store';
import { useDebounced } from '../../../app/use-debounced';
import { useT } from '../../../i18n/translate';
import { SymbolImage } from './SymbolsTable';

const ACCEPT = '.png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif';

interface Props {
  open: boolean;
  /** null creates a symbol. */
  symbol: SymbolItem | null;
  onClose: () => void;
}

function formatBytes(bytes: number, locale: string): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(kb)} KB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(kb / 1024)} MB`;
}

/**
 * Create or edit a symbol (spec 2 §5 Symbol): a name (required, max 50, unique; checked while typing
 * after 200 ms and again on save) and a png, jpg or gif image under 1,000,000 bytes, optional when
 * editing. The image goes straight to the returned upload URL.
 */
export function SymbolDialog({ open, symbol, onClose }: Props) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const orgId = useSession((s) => s.orgId);
  const changed = useSymbolsChanged();
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [takenOnSave, setTakenOnSave] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [openedAt, setOpenedAt] = useState(0);

  useEffect(() => {
    if (!open) return;
    setName(symbol?.name ?? '');
    setNameTouched(false);
    setFile(null);
    setTakenOnSave(null);
    setSaving(false);
    setOpenedAt(Date.now());
  }, [open, symbol]);

  const trimmed = name.trim();
  const nameError = schemaErrors(saveSymbolSchema, { name }).name;
  const checkName = useDebounced(trimmed, DICTIONARY_LIMITS.symbolCheckDebounceMs);
  const nameCheck = useQuery({
    queryKey: [...symbolKeys.all(orgId), 'name-exists', checkName.toLowerCase(), symbol?.id ?? null],
    queryFn: () => symbolsApi.nameExists(checkName, symbol?.id),
    enabled: open && checkName !== '' && !schemaErrors(saveSymbolSchema, { name: checkName }).name,
    staleTime: 0,
  });
  const taken =
    (checkName === trimmed && nameCheck.data?.exists === true) ||
    (takenOnSave !== null && takenOnSave.toLowerCase() === trimmed.toLowerCase());

  const fileError = file ? symbolFileError(file) : null;
  const preview = useMemo(() => (file && !fileError ? URL.createObjectURL(file) : null), [file, fileError]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const canSave = !saving && !nameError && !taken && !fileError && (symbol !== null || file !== null);
  const nameHelper = taken
    ? t(DATA_MSG.symbolNameExists)
    : nameTouched && nameError
      ? t(nameError)
      : label('app.data.symbol.name.hint', { max: DICTIONARY_LIMITS.symbolNameMax });

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    try {
      // Checked again on save: someone may have taken the name since the live check.
      const { exists } = await symbolsApi.nameExists(trimmed, symbol?.id);
      if (exists) {
        setTakenOnSave(trimmed);
        return;
      }
      await saveSymbol({ id: symbol?.id ?? null, name: trimmed, file });
      await changed();
      showSnack(symbol ? 'app.data.symbol.message.updated' : 'app.data.symbol.message.created', 'success');
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.message === DATA_MSG.symbolNameExists) setTakenOnSave(trimmed);
      snackFailure(error, DATA_MSG.symbolSaveError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      data-testid="symbol-dialog"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <DialogTitle id={titleId}>{label(symbol ? 'app.data.symbol.edit' : 'app.data.symbol.add')}</DialogTitle>
        <DialogContent>
          <TextField
            label={label('app.data.symbol.name')}
            required
            autoFocus
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameTouched(true);
            }}
            onBlur={() => setNameTouched(true)}
            error={taken || (nameTouched && Boolean(nameError))}
            helperText={nameHelper}
            slotProps={{ htmlInput: { 'data-testid': 'symbol-name', maxLength: DICTIONARY_LIMITS.symbolNameMax + 10 } }}
          />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            {label('app.data.symbol.image')}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box
              sx={{
                width: 64,
                height: 64,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                bgcolor: 'action.hover',
                flexShrink: 0,
              }}
            >
              {preview ? (
                <Box
                  component="img"
                  src={preview}
                  alt={label('app.data.symbol.image.new')}
                  sx={{ maxWidth: 56, maxHeight: 56 }}
                  data-testid="symbol-preview"
                />
              ) : symbol ? (
                <SymbolImage symbol={symbol} buster={openedAt} size={48} />
              ) : (
                <UploadFileOutlinedIcon color="disabled" />
              )}
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <FilePickButton
                accept={ACCEPT}
                inputTestId="symbol-file"
                onFile={setFile}
                buttonTestId="symbol-choose-file"
                describedBy={`${titleId}-file`}
              >
                {label(symbol ? 'app.data.symbol.image.replace' : 'app.data.symbol.image.choose')}
              </FilePickButton>
              <FormHelperText
                id={`${titleId}-file`}
                error={Boolean(fileError)}
                data-testid="symbol-file-status"
                sx={{ overflowWrap: 'anywhere' }}
              >
                {file
                  ? fileError
                    ? t(fileError)
                    : `${file.name} · ${formatBytes(file.size, intl.locale)}`
                  : label(symbol ? 'app.data.symbol.image.optional' : 'app.data.symbol.image.rules')}
              </FormHelperText>
            </Box>
          </Box>
        </DialogContent>
        <DialogSaveActions
          onCancel={onClose}
          saving={saving}
          canSave={canSave}
          cancelTestId="symbol-cancel"
          saveTestId="symbol-save"
        />
      </Box>
    </Dialog>
  );
}
