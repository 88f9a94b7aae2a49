import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS, DICTIONARY_MSG, HEX_COLOR, createSystemSchema } from '@fieldbook/domain';
import { dictionariesApi, useDictionaryMutation, type Dictionary, type DictSystem } from '../../../api/dictionaries';
import { schemaErrors, useForm } from '../../../app/form';
import { useT } from '../../../i18n/translate';
import { ColorField } from './ColorField';
import { messageIn, snackError, snackSuccess } from './feedback';
import { sameName } from './model';

interface Props {
  open: boolean;
  dictionary: Dictionary;
  /** Edit this system; add a new one when absent. */
  system?: DictSystem | null;
  onClose: () => void;
  onSaved?: (system: DictSystem) => void;
}

/**
 * Add or edit a system (spec 2 §5): name (max 48, unique in the dictionary: 'system existed') and a
 * valid colour; editing needs a changed name or colour.
 */
export function SystemDialog({ open, dictionary, system, onClose, onSaved }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const t = useT();
  const [serverError, setServerError] = useState<string | null>(null);
  const [hexValid, setHexValid] = useState(true);
  const others = dictionary.systems.filter((s) => s.id !== system?.id).map((s) => s.name);
  const form = useForm({ name: '', color: '' }, (v) => {
    const errors = schemaErrors(createSystemSchema, { name: v.name, color: v.color, dictionaryId: dictionary.id });
    if (!errors.name && others.some((n) => sameName(n, v.name))) errors.name = DICTIONARY_MSG.systemExisted;
    return errors;
  });
  const save = useDictionaryMutation(async (v: { name: string; color: string }) =>
    system
      ? dictionariesApi.updateSystem(system.id, {
          id: system.id,
          dictionaryId: dictionary.id,
          ...(v.name !== system.name ? { name: v.name } : {}),
          ...(v.color.toLowerCase() !== system.color.toLowerCase() ? { color: v.color } : {}),
        })
      : dictionariesApi.createSystem({ name: v.name, color: v.color, dictionaryId: dictionary.id }),
  );

  // Each opening (or another system) starts from the system as it is.
  const resetFields = useEffectEvent(() => {
    form.reset({ name: system?.name ?? '', color: system?.color?.toUpperCase() ?? '#FF0000' });
    setServerError(null);
    setHexValid(true);
  });
  useEffect(() => {
    if (open) resetFields();
  }, [open, system?.id]);

  const name = form.values.name.trim();
  const changed = !system || name !== system.name || form.values.color.toLowerCase() !== system.color.toLowerCase();
  const canSave = form.valid && hexValid && HEX_COLOR.test(form.values.color) && changed && !save.isPending;
  const nameField = form.field('name', label('app.dictionary.system.name'));
  const nameError = serverError ?? (nameField.error ? form.errors.name : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    save.mutate(
      { name, color: form.values.color.toUpperCase() },
      {
        onSuccess: (saved) => {
          snackSuccess(system ? 'app.dictionary.system.edited' : 'app.dictionary.system.created', { name: saved.name });
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          const known = messageIn(error, [DICTIONARY_MSG.systemExisted]);
          if (known) setServerError(known);
          else snackError(error);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="system-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {label(system ? 'app.dictionary.system.edit' : 'app.dictionary.system.add')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              {...nameField}
              onChange={(e) => {
                setServerError(null);
                nameField.onChange(e);
              }}
              error={Boolean(nameError)}
              helperText={nameError ? t(nameError, { field: nameField.label }) : ' '}
              required
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'system-name', maxLength: DICTIONARY_LIMITS.nameMax } }}
            />
            <ColorField
              label={label('app.dictionary.system.color')}
              value={form.values.color}
              onChange={(c) => form.set('color', c)}
              onValidChange={setHexValid}
              testId="system-color"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {label('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSave} data-testid="system-save">
            {label(system ? 'app.save' : 'app.dictionary.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
