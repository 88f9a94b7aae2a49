import { useEffect, useId, useState } from 'react';
import { Alert, Box, DialogContent, FormHelperText, TextField, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS, formDetailsSchema } from '@fieldbook/domain';
import { errorMessageOf } from '../../../api/client';
import { formsApi, useFormsChanged, type FormItem } from '../../../api/forms';
import { DialogSaveActions } from '../../../app/DialogSaveActions';
import { FilePickButton } from '../../../app/FilePickButton';
import { schemaErrors } from '../../../app/form';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';

/** The two files of a form: its HTML page and its script. */
const FORM_FILES = [
  { kind: 'html', accept: '.html,.htm,text/html', labelId: 'app.forms.html-file', hintId: 'app.forms.html-file.hint' },
  {
    kind: 'js',
    accept: '.js,text/javascript,application/javascript',
    labelId: 'app.forms.js-file',
    hintId: 'app.forms.js-file.hint',
  },
] as const;
type FormFiles = Record<(typeof FORM_FILES)[number]['kind'], File | null>;
const NO_FILES: FormFiles = { html: null, js: null };

function FilePicker({
  testId,
  accept,
  labelId,
  hintId,
  file,
  onChange,
  fieldId,
}: {
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
  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" id={`${fieldId}-label`} sx={{ mb: 0.5 }}>
        {label(labelId)}
      </Typography>
      <FilePickButton
        accept={accept}
        inputTestId={testId}
        inputLabel={label(labelId)}
        onFile={onChange}
        buttonTestId={`${testId}-choose`}
        labelledBy={`${fieldId}-label ${fieldId}-choose`}
        describedBy={`${fieldId}-status`}
      >
        <span id={`${fieldId}-choose`}>{label('app.forms.file.choose')}</span>
      </FilePickButton>
      <FormHelperText id={`${fieldId}-status`} data-testid={`${testId}-status`} sx={{ overflowWrap: 'anywhere' }}>
        {file ? file.name : label(hintId)}
      </FormHelperText>
    </Box>
  );
}

/** The form dialog's Info tab (or the whole new-form dialog): name, description and the HTML and script files. */
export function FormInfoPanel({
  open,
  form,
  onClose,
  panelId,
  labelledBy,
}: {
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
  const [files, setFiles] = useState<FormFiles>(NO_FILES);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setName(form?.name ?? '');
    setDescription(form?.description ?? '');
    setTouched(false);
    setFiles(NO_FILES);
    setSaving(false);
    setError(null);
  }, [open, form]);

  const errors = schemaErrors(formDetailsSchema, { name, description });
  const filesMissing = !form && (!files.html || !files.js);
  const canSave = !saving && !errors.name && !errors.description && !filesMissing;

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    setError(null);
    try {
      const input = { name, description, htmlFile: files.html, jsFile: files.js };
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
          helperText={
            touched && errors.name
              ? t(errors.name)
              : label('app.forms.name.hint', { max: DICTIONARY_LIMITS.formNameMax })
          }
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
          helperText={
            errors.description
              ? t(errors.description)
              : `${description.length} / ${DICTIONARY_LIMITS.formDescriptionMax}`
          }
          slotProps={{
            htmlInput: { 'data-testid': 'form-description', maxLength: DICTIONARY_LIMITS.formDescriptionMax },
          }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
          {FORM_FILES.map((f) => (
            <FilePicker
              key={f.kind}
              testId={`form-${f.kind}-file`}
              accept={f.accept}
              labelId={f.labelId}
              hintId={form ? 'app.forms.file.keep' : f.hintId}
              file={files[f.kind]}
              onChange={(file) => setFiles((chosen) => ({ ...chosen, [f.kind]: file }))}
              fieldId={`${fieldId}-${f.kind}`}
            />
          ))}
        </Box>
        {form && (form.htmlFile || form.jsFile) && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 1.5, overflowWrap: 'anywhere' }}
            data-testid="form-current-files"
          >
            {label('app.forms.file.current', { html: form.htmlFile ?? '—', js: form.jsFile ?? '—' })}
          </Typography>
        )}
      </DialogContent>
      <DialogSaveActions
        onCancel={onClose}
        saving={saving}
        canSave={canSave}
        cancelTestId="form-cancel"
        saveTestId="form-save"
      />
    </Box>
  );
}
