import { useEffect, useEffectEvent, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { PROJECT_LIMITS, PROJECT_MSG, createProjectSchema } from '@fieldbook/domain';
import { useDictionaries } from '../../../api/dictionaries';
import { projectWrites, type Project } from '../../../api/projects';
import { chooseProject } from '../use-current-project';
import { fieldError } from './field-error';
import { NameField, useNameInput } from './NameField';
import { PanelFormDialog } from './PanelFormDialog';
import { useProjectWrite } from './project-write';

interface Props {
  open: boolean;
  projects: Project[];
  onClose: () => void;
}

/** New project (spec 3 §2, §5): a name unique in the organization case-insensitively, and a data dictionary. */
export function NewProjectDialog({ open, projects, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const dictionaries = useDictionaries().data ?? [];
  const { busy, run } = useProjectWrite(onClose);
  const nameInput = useNameInput();
  const [dictionaryId, setDictionaryId] = useState('');
  const [dictionaryTouched, setDictionaryTouched] = useState(false);
  // Each opening starts from empty fields.
  const resetFields = useEffectEvent(() => {
    nameInput.reset('');
    setDictionaryId('');
    setDictionaryTouched(false);
  });
  useEffect(() => {
    if (open) resetFields();
  }, [open]);

  const name = nameInput.name;
  const value = { name, dataDictionaryId: dictionaryId || undefined };
  const taken = projects.some((p) => p.name.toLowerCase() === name.trim().toLowerCase());
  const nameError =
    fieldError(createProjectSchema, value, 'name') ??
    (taken ? PROJECT_MSG.nameExists : undefined) ??
    nameInput.serverError;
  const dictionaryError = fieldError(createProjectSchema, value, 'dataDictionaryId');

  const write = async () => {
    const created = await projectWrites.create({ name: name.trim(), dataDictionaryId: dictionaryId });
    return {
      message: 'app.project.created',
      values: { name: created.name },
      afterRefresh: () => chooseProject(created.id),
    };
  };
  const save = () =>
    run(write, 'app.project.create.error', { messageId: PROJECT_MSG.nameExists, show: nameInput.showServerError });

  return (
    <PanelFormDialog
      open={open}
      title={t('app.project.new')}
      busy={busy}
      canSave={!nameError && !dictionaryError}
      saveLabel={t('app.project-panel.create')}
      onSave={() => void save()}
      onClose={onClose}
      testId="new-project-dialog"
      saveTestId="project-save"
      spacing={2}
    >
      <NameField
        label={t('app.project.name')}
        input={nameInput}
        error={nameError}
        maxLength={PROJECT_LIMITS.projectNameMax}
        testId="project-name"
      />
      <TextField
        select
        label={t('app.project.dictionary')}
        value={dictionaryId}
        required
        onChange={(e) => setDictionaryId(e.target.value)}
        helperText={dictionaryTouched && dictionaryError ? t(dictionaryError) : ' '}
        error={dictionaryTouched && !!dictionaryError}
        slotProps={{
          select: {
            onClose: () => setDictionaryTouched(true),
            SelectDisplayProps: { 'data-testid': 'project-dictionary' } as object,
          },
        }}
      >
        {dictionaries.map((d) => (
          <MenuItem key={d.id} value={d.id} data-testid={`dictionary-option-${d.id}`}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
    </PanelFormDialog>
  );
}
