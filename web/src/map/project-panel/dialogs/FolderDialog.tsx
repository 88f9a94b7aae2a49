import { useEffect, useEffectEvent, useState } from 'react';
import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { PROJECT_LIMITS, PROJECT_MSG, createFolderSchema } from '@fieldbook/domain';
import { allFolders, projectWrites, type Folder, type Project } from '../../../api/projects';
import { setExpanded } from '../layer-toggles';
import { fieldError } from './field-error';
import { NameField, useNameInput } from './NameField';
import { PanelFormDialog } from './PanelFormDialog';
import { useProjectWrite } from './project-write';

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
  const { busy, run } = useProjectWrite(onClose);
  const nameInput = useNameInput();
  const [description, setDescription] = useState('');
  const [featureFolder, setFeatureFolder] = useState(false);
  // Each opening (or another folder) starts from the folder's values.
  const resetFields = useEffectEvent(() => {
    nameInput.reset(folder?.name ?? '');
    setDescription(folder?.description ?? '');
    setFeatureFolder(false);
  });
  useEffect(() => {
    if (open) resetFields();
  }, [open, folder]);

  const name = nameInput.name;
  const parent = folder ? folder.parentId : parentId;
  const siblings = allFolders(project).filter((f) => f.parentId === parent && f.id !== folder?.id);
  const taken = siblings.some((f) => f.name.toLowerCase() === name.trim().toLowerCase());
  const value = { name, description: description || null };
  const nameError =
    fieldError(createFolderSchema, value, 'name') ??
    (taken ? PROJECT_MSG.folderNameExists : undefined) ??
    nameInput.serverError;
  const descriptionError =
    fieldError(createFolderSchema, value, 'description') && 'app.folder.error.description.too-long';

  const write = async () => {
    const trimmed = name.trim();
    let saved: Folder;
    if (folder)
      saved = await projectWrites.updateFolder(project.id, {
        id: folder.id,
        name: trimmed,
        description: description || null,
        parentId: folder.parentId,
      });
    else if (featureFolder) saved = await projectWrites.addFeatureFolder(project.id, trimmed);
    else
      saved = await projectWrites.createFolder(project.id, {
        name: trimmed,
        description: description || null,
        parentId,
      });
    if (!folder) {
      setExpanded(saved.id, true);
      if (parentId) setExpanded(parentId, true);
    }
    return { message: folder ? 'app.folder.updated' : 'app.folder.created', values: { name: saved.name } };
  };
  const save = () =>
    run(write, folder ? 'app.folder.update.error' : 'app.folder.create.error', {
      messageId: PROJECT_MSG.folderNameExists,
      show: nameInput.showServerError,
    });

  const title = folder ? 'app.folder.edit' : parentId ? 'app.folder.new-subfolder' : 'app.folder.new';
  return (
    <PanelFormDialog
      open={open}
      title={t(title)}
      busy={busy}
      canSave={!nameError && !descriptionError}
      saveLabel={t(folder ? 'app.save' : 'app.project-panel.create')}
      onSave={() => void save()}
      onClose={onClose}
      testId="folder-dialog"
      saveTestId="folder-save"
    >
      <NameField
        label={t('app.folder.name')}
        input={nameInput}
        error={nameError}
        maxLength={PROJECT_LIMITS.folderNameMax}
        testId="folder-name"
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
          control={
            <Checkbox
              checked={featureFolder}
              onChange={(_, c) => setFeatureFolder(c)}
              slotProps={{ input: { 'data-testid': 'folder-feature-option' } as object }}
            />
          }
          label={t('app.folder.feature-folder')}
        />
      )}
    </PanelFormDialog>
  );
}
