import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { COMPONENT_COPY_SUFFIX, DICTIONARY_LIMITS, DICTIONARY_MSG, copyComponentNameField } from '@fieldbook/domain';
import { dictionariesApi, useDictionaryMutation, type DictComponent, type DictSystem } from '../../../api/dictionaries';
import { useT } from '../../../i18n/translate';
import { messageIn, snackError, snackSuccess } from './feedback';
import { sameName } from './model';

interface Props {
  open: boolean;
  system: DictSystem;
  component: DictComponent | null;
  onClose: () => void;
}

/** The copy's name problem: the shared rule (trimmed, max 128), then a case-insensitive duplicate. */
export function copyNameError(name: string, aliases: string[]): string | null {
  const parsed = copyComponentNameField.safeParse(name);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? DICTIONARY_MSG.nameNonEmpty;
  return aliases.some((a) => sameName(a, name)) ? DICTIONARY_MSG.copyNameTaken : null;
}

/** Copy a component within its system (spec 2 §5): the name defaults to the alias + ' ( Copy )'. */
export function CopyComponentDialog({ open, system, component, onClose }: Props) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const [name, setName] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const copy = useDictionaryMutation((args: { id: string; name: string }) =>
    dictionariesApi.copyComponent(args.id, args.name),
  );

  // Each opening (or another component) starts from the default name.
  const resetName = useEffectEvent(() => {
    if (!component) return;
    setName(`${component.alias}${COMPONENT_COPY_SUFFIX}`);
    setServerError(null);
  });
  useEffect(() => {
    if (open) resetName();
  }, [open, component?.id]);

  const error =
    serverError ??
    copyNameError(
      name,
      system.components.map((c) => c.alias),
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!component || error || copy.isPending) return;
    copy.mutate(
      { id: component.id, name: name.trim() },
      {
        onSuccess: (copied) => {
          snackSuccess('app.dictionary.component.copied', { name: copied.alias });
          onClose();
        },
        onError: (err) => {
          const known = messageIn(err, [DICTIONARY_MSG.copyNameTaken]);
          if (known) setServerError(known);
          else snackError(err);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={copy.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="copy-component-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{label('app.dictionary.component.copy.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {intl.formatMessage({ id: 'app.dictionary.component.copy.text' }, { name: component?.alias ?? '' })}
          </DialogContentText>
          <TextField
            label={label('app.dictionary.component.copy.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setServerError(null);
            }}
            required
            autoFocus
            fullWidth
            error={Boolean(error)}
            helperText={error ? t(error, { field: label('app.dictionary.component.copy.name') }) : ' '}
            slotProps={{
              htmlInput: {
                'data-testid': 'copy-component-name',
                maxLength: DICTIONARY_LIMITS.componentCopyNameMax + 1,
              },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={copy.isPending}>
            {label('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(error) || copy.isPending}
            data-testid="copy-component-save"
          >
            {label('app.dictionary.component.copy')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
