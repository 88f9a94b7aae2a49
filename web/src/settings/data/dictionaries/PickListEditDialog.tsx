import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS, DICTIONARY_MSG, pickListSchema } from '@fieldbook/domain';
import {
  dictionariesApi,
  useDictionaryMutation,
  type Dictionary,
  type PickListWithUsage,
} from '../../../api/dictionaries';
import { schemaErrors } from '../../../app/form';
import { useT } from '../../../i18n/translate';
import { messageIn, snackError, snackSuccess } from './feedback';
import { sameName, type ValueDraft } from './model';
import { PickListUsageTree } from './PickListUsageTree';
import { PickListValuesEditor } from './PickListValuesEditor';

interface EditProps {
  open: boolean;
  /** The list to edit or view; a new global list when null. */
  list: PickListWithUsage | null;
  readOnly: boolean;
  dictionary: Dictionary;
  /** Names of the organization's other global lists (a new global name must differ). */
  globalNames: string[];
  onClose: () => void;
}

const valuesOf = (list: PickListWithUsage | null): ValueDraft[] =>
  [...(list?.values ?? [])].sort((a, b) => a.order - b.order).map((v) => ({ key: v.id, id: v.id, value: v.value }));

/**
 * Edit or view one pick list (spec 2 §5): name (max 48) and values (max 64 here), saved only when
 * something changed, with at least one value and nothing left half-typed.
 */
export function PickListEditDialog({ open, list, readOnly, dictionary, globalNames, onClose }: EditProps) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const [name, setName] = useState('');
  const [values, setValues] = useState<ValueDraft[]>([]);
  const [pending, setPending] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const isGlobal = list ? list.isGlobal : true;
  const save = useDictionaryMutation(async () => {
    const body = {
      name: name.trim(),
      values: values.map((v, order) => ({ ...(v.id ? { id: v.id } : {}), value: v.value, order })),
      isGlobal,
      organizationId: list ? list.organizationId : dictionary.organizationId,
      dictionaryId: list ? list.dictionaryId : null,
    };
    return list
      ? dictionariesApi.updatePickList(list.id, { ...body, id: list.id }, true)
      : dictionariesApi.createPickList(body, true);
  });

  // Each opening (or another list) starts from the list as it is.
  const resetFields = useEffectEvent(() => {
    setName(list?.name ?? '');
    setValues(valuesOf(list));
    setPending(false);
    setTouched(false);
    setServerError(null);
  });
  useEffect(() => {
    if (open) resetFields();
  }, [open, list?.id]);

  const original = valuesOf(list);
  const changed =
    name.trim() !== (list?.name ?? '') ||
    values.length !== original.length ||
    values.some((v, i) => v.id !== original[i]?.id || v.value !== original[i]?.value);
  let nameError: string | undefined =
    serverError ?? schemaErrors(pickListSchema, { name, values: [{ value: 'x' }] }).name;
  if (!nameError && isGlobal && globalNames.some((n) => sameName(n, name)))
    nameError = DICTIONARY_MSG.pickListNameTaken;
  const canSave = !readOnly && changed && values.length > 0 && !pending && !nameError && !save.isPending;
  const reorderable = !(list?.isGlobal && list.usedBy.length > 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    save.mutate(undefined, {
      onSuccess: (saved) => {
        snackSuccess(list ? 'app.dictionary.picklist.edited' : 'app.dictionary.picklist.added', { name: saved.name });
        onClose();
      },
      onError: (error) => {
        const known = messageIn(error, [DICTIONARY_MSG.pickListNameTaken]);
        if (known) setServerError(known);
        else snackError(error);
      },
    });
  };

  const title = readOnly
    ? 'app.dictionary.picklist.view'
    : list
      ? 'app.dictionary.picklist.edit'
      : 'app.dictionary.picklist.add';
  return (
    <Dialog
      open={open}
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      data-testid="picklist-edit-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{label(title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={label('app.dictionary.picklist.name')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setServerError(null);
              }}
              onBlur={() => setTouched(true)}
              required
              fullWidth
              autoFocus={!readOnly}
              disabled={readOnly}
              error={Boolean(nameError && (touched || serverError))}
              helperText={
                nameError && (touched || serverError)
                  ? t(nameError, { field: label('app.dictionary.picklist.name') })
                  : ' '
              }
              slotProps={{ htmlInput: { 'data-testid': 'picklist-name', maxLength: DICTIONARY_LIMITS.nameMax } }}
            />
            {!reorderable && !readOnly && (
              <Alert severity="info" data-testid="picklist-global-order">
                {label(DICTIONARY_MSG.globalPickListOrder)}
              </Alert>
            )}
            <PickListValuesEditor
              values={values}
              onChange={setValues}
              max={DICTIONARY_LIMITS.pickListValueInManagerMax}
              readOnly={readOnly}
              reorderable={reorderable}
              onPendingChange={setPending}
              error={values.length === 0 ? DICTIONARY_MSG.pickListNeedsValue : null}
              testId="picklist-values"
            />
            {list && (
              <Box>
                <Typography variant="subtitle2" component="h3">
                  {label('app.dictionary.picklist.used-by')}
                </Typography>
                <PickListUsageTree usedBy={list.usedBy} />
              </Box>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {label(readOnly ? 'app.close' : 'app.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={!canSave} data-testid="picklist-save">
              {label('app.save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
