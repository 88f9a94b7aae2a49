import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import {
  Alert, Box, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup,
  FormHelperText, Tab, Tabs, TextField, Typography, useMediaQuery, useTheme,
} from '@mui/material';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS, formDetailsSchema } from '@fieldbook/domain';
import { errorMessageOf } from '../../../api/client';
import {
  formsApi, useFormItem, useFormProjects, useFormsChanged, useRenderedForm, type FormItem,
} from '../../../api/forms';
import { snackFailure } from '../../../app/action-feedback';
import { schemaErrors } from '../../../app/form';
import { showSnack } from '../../../app/snackbar-store';
import { visuallyHidden } from '../../../app/visually-hidden';
import { useT } from '../../../i18n/translate';

const HTML_ACCEPT = '.html,.htm,text/html';
const JS_ACCEPT = '.js,text/javascript,application/javascript';

interface Props {
  open: boolean;
  /** null creates a form. */
  form: FormItem | null;
  onClose: () => void;
}

/**
 * New form, or edit with an Info tab (name, description, replacement files) and a Projects tab
 * (permission per project, with a preview of the rendered form) — spec 2 §2, §4, §5.
 */
export function FormDialog({ open, form, onClose }: Props) {
  const intl = useIntl();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const [tab, setTab] = useState<'info' | 'projects'>('info');
  useEffect(() => {
    if (open) setTab('info');
  }, [open, form]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      data-testid="form-dialog"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {form ? `${label('app.forms.edit')}: ${form.name}` : label('app.forms.add')}
      </DialogTitle>
      {form && (
        <Tabs
          value={tab}
          onChange={(_, v: 'info' | 'projects') => setTab(v)}
          aria-label={label('app.forms.tabs')}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 3 } }}
        >
          <Tab value="info" label={label('app.forms.tab.info')} id={`${titleId}-tab-info`} aria-controls={`${titleId}-panel-info`} data-testid="form-tab-info" />
          <Tab value="projects" label={label('app.forms.tab.projects')} id={`${titleId}-tab-projects`} aria-controls={`${titleId}-panel-projects`} data-testid="form-tab-projects" />
        </Tabs>
      )}
      {tab === 'info' || !form ? (
        <InfoPanel key={form?.id ?? 'new'} open={open} form={form} onClose={onClose} panelId={`${titleId}-panel-info`} labelledBy={form ? `${titleId}-tab-info` : titleId} />
      ) : (
        <ProjectsPanel form={form} onClose={onClose} panelId={`${titleId}-panel-projects`} labelledBy={`${titleId}-tab-projects`} />
      )}
    </Dialog>
  );
}

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

function InfoPanel({ open, form, onClose, panelId, labelledBy }: {
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

function ProjectsPanel({ form, onClose, panelId, labelledBy }: { form: FormItem; onClose: () => void; panelId: string; labelledBy: string }) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const changed = useFormsChanged();
  const projects = useFormProjects();
  const current = useFormItem(form.id);
  const rendered = useRenderedForm(form.id);
  const [pending, setPending] = useState<string | null>(null);
  // The box shows the click at once; the stored permissions decide once the call is done.
  const [optimistic, setOptimistic] = useState<{ projectId: string; checked: boolean } | null>(null);
  const permissions = current.data?.permissions ?? form.permissions;

  const toggle = async (projectId: string, checked: boolean) => {
    setPending(projectId);
    setOptimistic({ projectId, checked });
    try {
      if (checked) {
        await formsApi.addPermission(form.id, projectId);
      } else {
        const permission = permissions.find((p) => p.projectId === projectId);
        if (permission) await formsApi.removePermission(permission.id);
      }
      await Promise.all([changed(), current.refetch()]);
      showSnack('app.forms.permissions.updated', 'success');
    } catch (e) {
      snackFailure(e, 'app.forms.permissions.error');
      await current.refetch();
    } finally {
      setPending(null);
      setOptimistic(null);
    }
  };

  return (
    <Box role="tabpanel" id={panelId} aria-labelledby={labelledBy} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <DialogContent>
        <Typography variant="subtitle2" component="h3" id={`${panelId}-projects`} sx={{ mb: 1 }}>
          {label('app.forms.projects')}
        </Typography>
        {projects.isPending || current.isPending ? (
          <CircularProgress size={24} aria-label={label('app.loading')} />
        ) : projects.isError ? (
          <Alert severity="error" data-testid="form-projects-error">{t(errorMessageOf(projects.error))}</Alert>
        ) : projects.data.length === 0 ? (
          <Typography color="text.secondary" data-testid="form-projects-none">{label('app.forms.projects.none')}</Typography>
        ) : (
          <FormGroup aria-labelledby={`${panelId}-projects`}>
            {projects.data.map((p) => (
              <FormControlLabel
                key={p.id}
                sx={{ overflowWrap: 'anywhere' }}
                control={
                  <Checkbox
                    checked={optimistic?.projectId === p.id ? optimistic.checked : permissions.some((x) => x.projectId === p.id)}
                    disabled={pending !== null}
                    onChange={(_, checked) => void toggle(p.id, checked)}
                    slotProps={{ input: { 'data-testid': `form-project-${p.name}` } as object }}
                  />
                }
                label={p.name}
              />
            ))}
          </FormGroup>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
          {label('app.forms.preview')}
        </Typography>
        {rendered.isError ? (
          <Alert severity="error">{t(errorMessageOf(rendered.error))}</Alert>
        ) : rendered.isPending ? (
          <CircularProgress size={24} aria-label={label('app.loading')} />
        ) : (
          <Box
            component="iframe"
            title={label('app.forms.preview')}
            sandbox="allow-scripts allow-forms"
            srcDoc={rendered.data}
            data-testid="form-preview"
            sx={{ width: '100%', height: { xs: 320, sm: 400 }, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="form-close">
          {label('app.close')}
        </Button>
      </DialogActions>
    </Box>
  );
}
