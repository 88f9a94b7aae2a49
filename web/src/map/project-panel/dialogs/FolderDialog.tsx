import { useEffect, useId, useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { PROJECT_LIMITS, PROJECT_MSG, createFolderSchema } from '@fieldbook/domain';
import { allFolders, projectWrites, useInvalidateProjects, type Folder, type Project } from '../../../api/projects';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { setExpanded } from '../layer-toggles';
import { fieldError } from './field-error';

interface Props {
  open: boolean;
  project: Project;
  /** Editing this folder; absent for a new one. */
  folder?: Folder;
  /** The parent of a new sub-folder (level 2). */
  parentId?: string | null;
  onClose: () => void;
}

/**
 * New or edit folder (spec 3 §2, §5): name required, at most 128, unique among its siblings
 * case-insensitively; description at most 256. A new top-level folder may be a feature folder
 * (point, line and polygon layers ready for drawing).
 */
export function FolderDialog({ open, project, folder, parentId = null, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const invalidate = useInvalidateProjects();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [featureFolder, setFeatureFolder] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  useEffect(() => {
    if (!open) return;
    setName(folder?.name ?? '');
    setDescription(folder?.description ?? '');
    setFeatureFolder(false);
    setTouched(false);
    setServerError(undefined);
  }, [open, folder]);

  const parent = folder ? folder.parentId : parentId;
  const siblings = allFolders(project).filter((f) => f.parentId === parent && f.id !== folder?.id);
  const taken = siblings.some((f) => f.name.toLowerCase() === name.trim().toLowerCase());
  const value = { name, description: description || null };
  const nameError = fieldError(createFolderSchema, value, 'name') ?? (taken ? PROJECT_MSG.folderNameExists : undefined) ?? serverError;
  const descriptionError = fieldError(createFolderSchema, value, 'description') && 'app.folder.error.description.too-long';

  const save = async () => {
    setBusy(true);
    try {
      const trimmed = name.trim();
      let saved: Folder;
      if (folder) saved = await projectWrites.updateFolder(project.id, { id: folder.id, name: trimmed, description: description || null, parentId: folder.parentId });
      else if (featureFolder) saved = await projectWrites.addFeatureFolder(project.id, trimmed);
      else saved = await projectWrites.createFolder(project.id, { name: trimmed, description: description || null, parentId });
      if (!folder) {
        setExpanded(saved.id, true);
        if (parentId) setExpanded(parentId, true);
      }
      await invalidate();
      showSnack(folder ? 'app.folder.updated' : 'app.folder.created', 'success', { name: saved.name });
      onClose();
    } catch (error) {
      if (error instanceof Error && error.message === PROJECT_MSG.folderNameExists) setServerError(PROJECT_MSG.folderNameExists);
      else snackFailure(error, folder ? 'app.folder.update.error' : 'app.folder.create.error');
    } finally {
      setBusy(false);
    }
  };

  const title = folder ? 'app.folder.edit' : parentId ? 'app.folder.new-subfolder' : 'app.folder.new';
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="folder-dialog">
      <DialogTitle id={titleId}>{t(title)}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <TextField
            label={t('app.folder.name')}
            value={name}
            required
            autoFocus
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
              setServerError(undefined);
            }}
            error={touched && !!nameError}
            helperText={touched && nameError ? t(nameError) : ' '}
            slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.folderNameMax + 1, 'data-testid': 'folder-name' } }}
          />
          {!featureFolder && (
            <TextField
              label={t('app.folder.description')}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={2}
              error={!!descriptionError}
              helperText={descriptionError ? t(descriptionError) : ' '}
              slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.folderDescriptionMax + 1 } }}
            />
          )}
          {!folder && !parentId && (
            <FormControlLabel
              control={<Checkbox checked={featureFolder} onChange={(_, c) => setFeatureFolder(c)} slotProps={{ input: { 'data-testid': 'folder-feature-option' } as object }} />}
              label={t('app.folder.feature-folder')}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !!nameError || !!descriptionError} data-testid="folder-save">
          {t(folder ? 'app.save' : 'app.project-panel.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
