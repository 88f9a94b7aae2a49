import { useEffect, useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { PROJECT_LIMITS, PROJECT_MSG, createProjectSchema } from '@fieldbook/domain';
import { useDictionaries } from '../../../api/dictionaries';
import { projectWrites, useInvalidateProjects, type Project } from '../../../api/projects';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { chooseProject } from '../use-current-project';
import { fieldError } from './field-error';

interface Props {
  open: boolean;
  projects: Project[];
  onClose: () => void;
}

/** New project (spec 3 §2, §5): a name unique in the organization case-insensitively, and a data dictionary. */
export function NewProjectDialog({ open, projects, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const dictionaries = useDictionaries().data ?? [];
  const invalidate = useInvalidateProjects();
  const [name, setName] = useState('');
  const [dictionaryId, setDictionaryId] = useState('');
  const [touched, setTouched] = useState(false);
  const [dictionaryTouched, setDictionaryTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  useEffect(() => {
    if (!open) return;
    setName('');
    setDictionaryId('');
    setTouched(false);
    setDictionaryTouched(false);
    setServerError(undefined);
  }, [open]);

  const value = { name, dataDictionaryId: dictionaryId || undefined };
  const taken = projects.some((p) => p.name.toLowerCase() === name.trim().toLowerCase());
  const nameError = fieldError(createProjectSchema, value, 'name') ?? (taken ? PROJECT_MSG.nameExists : undefined) ?? serverError;
  const dictionaryError = fieldError(createProjectSchema, value, 'dataDictionaryId');

  const save = async () => {
    setBusy(true);
    try {
      const created = await projectWrites.create({ name: name.trim(), dataDictionaryId: dictionaryId });
      await invalidate();
      chooseProject(created.id);
      showSnack('app.project.created', 'success', { name: created.name });
      onClose();
    } catch (error) {
      if (error instanceof Error && error.message === PROJECT_MSG.nameExists) setServerError(PROJECT_MSG.nameExists);
      else snackFailure(error, 'app.project.create.error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="new-project-dialog">
      <DialogTitle id={titleId}>{t('app.project.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('app.project.name')}
            value={name}
            required
            autoFocus
            onChange={(e) => {
              setName(e.target.value);
              setServerError(undefined);
              setTouched(true);
            }}
            error={touched && !!nameError}
            helperText={touched && nameError ? t(nameError) : ' '}
            slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.projectNameMax + 1, 'data-testid': 'project-name' } }}
          />
          <TextField
            select
            label={t('app.project.dictionary')}
            value={dictionaryId}
            required
            onChange={(e) => setDictionaryId(e.target.value)}
            helperText={dictionaryTouched && dictionaryError ? t(dictionaryError) : ' '}
            error={dictionaryTouched && !!dictionaryError}
            slotProps={{ select: { onClose: () => setDictionaryTouched(true), SelectDisplayProps: { 'data-testid': 'project-dictionary' } as object } }}
          >
            {dictionaries.map((d) => (
              <MenuItem key={d.id} value={d.id} data-testid={`dictionary-option-${d.id}`}>{d.name}</MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{t('app.cancel')}</Button>
        <Button variant="contained" disabled={busy || !!nameError || !!dictionaryError} onClick={() => void save()} data-testid="project-save">
          {t('app.project-panel.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
