import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent, FormHelperText, TextField, Typography } from '@mui/material';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS, formDetailsSchema } from '@fieldbook/domain';
import { errorMessageOf } from '../../../api/client';
import { formsApi, useFormsChanged, type FormItem } from '../../../api/forms';
import { schemaErrors } from '../../../app/form';
import { showSnack } from '../../../app/snackbar-store';
import { visuallyHidden } from '../../../app/visually-hidden';
import { useT } from '../../../i18n/translate';

const HTML_ACCEPT = '.html,.htm,text/html';
const JS_ACCEPT = '.js,text/javascript,application/javascript';

function FilePicker({ testId, accept, labelId, hintId, file, onChange, fieldId }: {
  testId: string;
  accept: string;
  labelId: string;
  hintId: string;
  file: File | null;
  onChange: (file: File | null) => void;
  fieldId: string;
}) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const ref = useRef<HTMLInputElement>(null);
  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" id={`${fieldId}-label`} sx={{ mb: 0.5 }}>
        {label(labelId)}
      </Typography>
      <input
        ref={ref}
        type="file"
        accept={accept}
        tabIndex={-1}
        aria-hidden
        aria-label={label(labelId)}
        style={visuallyHidden as CSSProperties}
        data-testid={testId}
        onChange={(e) => {
          onChange(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlinedIcon />}
        onClick={() => ref.current?.click()}
        aria-labelledby={`${fieldId}-label ${fieldId}-choose`}
        aria-describedby={`${fieldId}-status`}
        data-testid={`${testId}-choose`}
      >
        <span id={`${fieldId}-choose`}>{label('app.forms.file.choose')}</span>
      </Button>
      <FormHelperText id={`${fieldId}-status`} data-testid={`${testId}-status`} sx={{ overflowWrap: 'anywhere' }}>
        {file ? file.name : label(hintId)}
      </FormHelperText>
    </Box>
  );
}

/** The form dialog's Info tab (or the whole new-form dialog): name, description and the HTML and script files. */
export function FormInfoPanel({ open, form, onClose, panelId, labelledBy }: {
  open: boolean;
  form: FormItem | null;
  onClose: () => void;
  panelId: string;
  labelledBy: string;
}) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const changed = useFormsChanged();
  const fieldId = useId();
  const [name, setName] = useState(form?.name ?? '');
  const [description, setDescription] = useState(form?.description ?? '');
  const [touched, setTouched] = useState(false);
  const [htmlFile, setHtmlFile] = useState<File | null>(null);
  const [jsFile, setJsFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setName(form?.name ?? '');
    setDescription(form?.description ?? '');
    setTouched(false);
    setHtmlFile(null);
    setJsFile(null);
    setSaving(false);
    setError(null);
  }, [open, form]);

  const errors = schemaErrors(formDetailsSchema, { name, description });
  const filesMissing = !form && (!htmlFile || !jsFile);
  const canSave = !saving && !errors.name && !errors.description && !filesMissing;

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    setError(null);
    try {
      const input = { name, description, htmlFile, jsFile };
      if (form) await formsApi.update(form.id, input);
      else await formsApi.create(input);
      await changed();
      showSnack(form ? 'app.forms.message.updated' : 'app.forms.message.created', 'success');
      onClose();
    } catch (e) {
      // Spec 2 §8: a failed create or update shows the server's message.
      setError(errorMessageOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      role={form ? 'tabpanel' : undefined}
      id={panelId}
      aria-labelledby={labelledBy}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="form-save-error">
            {t(error)}
          </Alert>
        )}
        <TextField
          label={label('app.forms.name')}
          required
          autoFocus
          fullWidth
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && Boolean(errors.name)}
          helperText={touched && errors.name ? t(errors.name) : label('app.forms.name.hint', { max: DICTIONARY_LIMITS.formNameMax })}
          slotProps={{ htmlInput: { 'data-testid': 'form-name', maxLength: DICTIONARY_LIMITS.formNameMax } }}
        />
        <TextField
          label={label('app.forms.description')}
          fullWidth
          multiline
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={Boolean(errors.description)}
          helperText={errors.description ? t(errors.description) : `${description.length} / ${DICTIONARY_LIMITS.formDescriptionMax}`}
          slotProps={{ htmlInput: { 'data-testid': 'form-description', maxLength: DICTIONARY_LIMITS.formDescriptionMax } }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
          <FilePicker
            testId="form-html-file"
            accept={HTML_ACCEPT}
            labelId="app.forms.html-file"
            hintId={form ? 'app.forms.file.keep' : 'app.forms.html-file.hint'}
            file={htmlFile}
            onChange={setHtmlFile}
            fieldId={`${fieldId}-html`}
          />
          <FilePicker
            testId="form-js-file"
            accept={JS_ACCEPT}
            labelId="app.forms.js-file"
            hintId={form ? 'app.forms.file.keep' : 'app.forms.js-file.hint'}
            file={jsFile}
            onChange={setJsFile}
            fieldId={`${fieldId}-js`}
          />
        </Box>
        {form && (form.htmlFile || form.jsFile) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, overflowWrap: 'anywhere' }} data-testid="form-current-files">
            {label('app.forms.file.current', { html: form.htmlFile ?? '—', js: form.jsFile ?? '—' })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving} data-testid="form-cancel">
          {label('app.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!canSave}
          startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          data-testid="form-save"
        >
          {label('app.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
