import { useEffect, useEffectEvent, useId, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { COPY_SUFFIX, DICTIONARY_LIMITS, DICTIONARY_MSG, copyDictionarySchema } from '@fieldbook/domain';
import { dictionariesApi, useDictionaries, useDictionaryMutation } from '../../../api/dictionaries';
import { schemaErrors, useForm } from '../../../app/form';
import { snackError, snackSuccess } from './feedback';
import { VIEW_PATH } from './paths';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Copy mode: only the name is asked, defaulting to the original name + '-copy'. */
  copyOf?: { id: string; name: string } | null;
  /** Template chosen when the dialog opens (e.g. from a provider template's row). */
  templateId?: string;
}

/** The default copy name, shortened so the suffix still fits the 48-character limit. */
export const copyName = (name: string) =>
  `${name.slice(0, DICTIONARY_LIMITS.nameMax - COPY_SUFFIX.length)}${COPY_SUFFIX}`;

/**
 * New dictionary (spec 2 §2): a name and a template among the provider templates and the company
 * dictionaries, grouped. The new dictionary opens once created.
 */
export function CreateDictionaryDialog({ open, onClose, copyOf, templateId }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const navigate = useNavigate();
  const label = (id: string) => intl.formatMessage({ id });
  const dictionaries = useDictionaries();
  const providers = (dictionaries.data ?? []).filter((d) => d.organizationId === null);
  const company = (dictionaries.data ?? []).filter((d) => d.organizationId !== null && !d.projectId);
  const create = useDictionaryMutation((args: { sourceId: string; name: string }) =>
    dictionariesApi.copy(args.sourceId, args.name),
  );
  const form = useForm({ name: '', templateId: '' }, (v) => ({
    ...schemaErrors(copyDictionarySchema, { name: v.name }),
    ...(!copyOf && !v.templateId ? { templateId: DICTIONARY_MSG.selectTemplate } : {}),
  }));

  // Each opening (or another original or template) starts from the defaults.
  const resetForm = useEffectEvent(() =>
    form.reset({ name: copyOf ? copyName(copyOf.name) : '', templateId: templateId ?? '' }),
  );
  useEffect(() => {
    if (open) resetForm();
  }, [open, copyOf?.id, templateId]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid || create.isPending) return;
    const sourceId = copyOf ? copyOf.id : form.values.templateId;
    create.mutate(
      { sourceId, name: form.values.name.trim() },
      {
        onSuccess: (created) => {
          snackSuccess(copyOf ? 'app.dictionary.copied.success' : 'app.dictionary.created.success', {
            name: created.name,
          });
          onClose();
          void navigate(VIEW_PATH, { state: { dictionaryId: created.id } });
        },
        onError: snackError,
      },
    );
  };

  const nameField = form.field('name', label('app.dictionary.name'));
  const templateField = form.field('templateId', label('app.dictionary.template'));

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="create-dictionary-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {label(copyOf ? 'app.dictionary.copy.title' : 'app.dictionary.create.title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {copyOf
              ? intl.formatMessage({ id: 'app.dictionary.copy.text' }, { name: copyOf.name })
              : label('app.dictionary.create.text')}
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              {...nameField}
              required
              autoFocus
              fullWidth
              slotProps={{
                htmlInput: { 'data-testid': 'create-dictionary-name', maxLength: DICTIONARY_LIMITS.nameMax },
              }}
            />
            {!copyOf && (
              <TextField
                {...templateField}
                select
                required
                fullWidth
                onBlur={templateField.onBlur}
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': 'create-dictionary-template' },
                }}
              >
                <option value="" disabled>
                  {label(dictionaries.isPending ? 'app.dictionary.loading' : 'app.dictionary.template.choose')}
                </option>
                {providers.length > 0 && (
                  <optgroup label={label('app.dictionary.provider-templates')}>
                    {providers.map((d) => (
                      <option key={d.id} value={d.id}>
                        {d.name}
                      </option>
                    ))}
                  </optgroup>
                )}
                {company.length > 0 && (
                  <optgroup label={label('app.dictionary.company-templates')}>
                    {company.map((d) => (
                      <option key={d.id} value={d.id}>
                        {d.name}
                      </option>
                    ))}
                  </optgroup>
                )}
              </TextField>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {label('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || create.isPending}
            data-testid="create-dictionary-submit"
          >
            {label(copyOf ? 'app.dictionary.copy' : 'app.dictionary.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
