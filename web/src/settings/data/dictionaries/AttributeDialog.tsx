import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';
import { ATTRIBUTE_TYPES, DICTIONARY_LIMITS } from '@fieldbook/domain';
import type { PickListWithUsage } from '../../../api/dictionaries';
import { useT } from '../../../i18n/translate';
import { AttributeDefaultInput } from './AttributeDefaultInput';
import {
  ATTRIBUTE_TYPE_LABEL,
  TOKEN_LABEL,
  attributeErrors,
  emptyAttribute,
  hasOwnList,
  helperTokens,
  isToken,
  typeOf,
  type AttributeDraft,
} from './model';
import { PickListValuesEditor } from './PickListValuesEditor';

interface Props {
  open: boolean;
  /** The attribute to edit; a new one when null. */
  attribute: AttributeDraft | null;
  /** Names of the component's other attributes (names are unique in a component). */
  otherNames: string[];
  /** The organization's global pick lists, for the Global Pick List type. */
  globalLists: PickListWithUsage[];
  onClose: () => void;
  onApply: (attribute: AttributeDraft) => void;
}

const tokenTestId = (token: string) => `attribute-helper-${token.replace(/^@/, '').replace(/_/g, '-')}`;

/**
 * Add or edit an attribute (spec 2 §4, §5): name, type, a default suited to the type (or a helper
 * token), required, and pick list values or a global list. Apply stays disabled until all is valid.
 */
export function AttributeDialog({ open, attribute, otherNames, globalLists, onClose, onApply }: Props) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const small = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const [draft, setDraft] = useState<AttributeDraft>(emptyAttribute);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState(false);

  // Each opening (or another attribute) starts from the attribute as it is.
  const resetDraft = useEffectEvent(() => {
    setDraft(attribute ? { ...attribute } : emptyAttribute());
    setTouched({});
    setPending(false);
  });
  useEffect(() => {
    if (open) resetDraft();
  }, [open, attribute?.key]);

  const type = typeOf(draft);
  const globalList = globalLists.find((l) => l.id === draft.globalPickListId);
  const errors = attributeErrors(
    draft,
    otherNames,
    globalList?.values.map((v) => v.value),
  );
  const valid = Object.keys(errors).length === 0;
  const tokens = helperTokens(type);
  const tokenOn = isToken(draft.defaultValue) && tokens.includes(draft.defaultValue.trim());

  const update = (patch: Partial<AttributeDraft>) => setDraft((d) => ({ ...d, ...patch, changed: true }));
  const touch = (name: string) => setTouched((s) => ({ ...s, [name]: true }));

  /** Changing the type clears the default (and with it any helper box); Read Only is never required. */
  const changeType = (value: string) => {
    const typeId = value ? Number(value) : null;
    const next = typeId === null ? undefined : ATTRIBUTE_TYPES.find((x) => x.id === typeId)?.name;
    update({ typeId, defaultValue: '', required: next === 'Read Only' ? false : draft.required });
    touch('typeId');
  };

  /** Values changed: a default that is no longer among them is dropped. */
  const changeValues = (values: AttributeDraft['values']) => {
    const dflt = draft.defaultValue.trim();
    const keep = !dflt || isToken(dflt) || values.some((v) => v.value.toLowerCase() === dflt.toLowerCase());
    update({ values, ...(keep ? {} : { defaultValue: '' }) });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || pending) return;
    onApply({ ...draft, name: draft.name.trim(), defaultValue: draft.defaultValue.trim() });
  };

  const showError = (name: string) => (touched[name] ? errors[name] : undefined);
  const defaultError =
    draft.defaultValue.trim() || touched.defaultValue || type === 'Read Only' ? errors.defaultValue : undefined;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={small}
      data-testid="attribute-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {label(attribute ? 'app.dictionary.attribute.edit' : 'app.dictionary.attribute.add')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              label={label('app.dictionary.attribute.name')}
              value={draft.name}
              onChange={(e) => update({ name: e.target.value })}
              onBlur={() => touch('name')}
              required
              autoFocus
              fullWidth
              error={Boolean(showError('name'))}
              helperText={showError('name') ? t(errors.name, { field: label('app.dictionary.attribute.name') }) : ' '}
              slotProps={{ htmlInput: { 'data-testid': 'attribute-name', maxLength: DICTIONARY_LIMITS.nameMax } }}
            />
            <TextField
              select
              label={label('app.dictionary.attribute.type')}
              value={draft.typeId === null ? '' : String(draft.typeId)}
              onChange={(e) => changeType(e.target.value)}
              onBlur={() => touch('typeId')}
              required
              fullWidth
              error={Boolean(showError('typeId'))}
              helperText={showError('typeId') ? t(errors.typeId) : ' '}
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'attribute-type' },
              }}
            >
              <option value="" disabled>
                {label('app.dictionary.attribute.type.choose')}
              </option>
              {ATTRIBUTE_TYPES.map((x) => (
                <option key={x.id} value={String(x.id)}>
                  {label(ATTRIBUTE_TYPE_LABEL[x.name])}
                </option>
              ))}
            </TextField>

            {hasOwnList(type) && (
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  {label('app.dictionary.picklist.values')}
                </Typography>
                <PickListValuesEditor
                  values={draft.values}
                  onChange={changeValues}
                  max={DICTIONARY_LIMITS.pickListValueInAttributeMax}
                  onPendingChange={setPending}
                  error={errors.values}
                  testId="attribute-values"
                />
              </Box>
            )}

            {type === 'Global Pick List' && (
              <Box>
                {globalLists.length === 0 ? (
                  <Alert severity="info" data-testid="attribute-no-global-lists">
                    {label('app.dictionary.attribute.no-global-lists')}
                  </Alert>
                ) : (
                  <>
                    <TextField
                      select
                      label={label('app.dictionary.attribute.global-list')}
                      value={draft.globalPickListId ?? ''}
                      onChange={(e) => update({ globalPickListId: e.target.value || null, defaultValue: '' })}
                      onBlur={() => touch('globalPickListId')}
                      required
                      fullWidth
                      error={Boolean(showError('globalPickListId'))}
                      helperText={
                        showError('globalPickListId')
                          ? t(errors.globalPickListId)
                          : label('app.dictionary.attribute.global-list.hint')
                      }
                      slotProps={{
                        select: { native: true },
                        inputLabel: { shrink: true },
                        htmlInput: { 'data-testid': 'attribute-global-list' },
                      }}
                    >
                      <option value="" disabled>
                        {label('app.dictionary.attribute.global-list.choose')}
                      </option>
                      {globalLists.map((l) => (
                        <option key={l.id} value={l.id}>
                          {l.name}
                        </option>
                      ))}
                    </TextField>
                    {globalList && (
                      <Box
                        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}
                        aria-label={label('app.dictionary.picklist.values')}
                        role="list"
                      >
                        {[...globalList.values]
                          .sort((a, b) => a.order - b.order)
                          .map((v) => (
                            <Chip key={v.id} size="small" label={v.value} role="listitem" />
                          ))}
                      </Box>
                    )}
                  </>
                )}
              </Box>
            )}

            {type && (
              <Box>
                {tokens.length > 0 && (
                  <FormGroup row sx={{ mb: 1 }}>
                    {tokens.map((token) => (
                      <FormControlLabel
                        key={token}
                        control={
                          <Checkbox
                            checked={draft.defaultValue.trim() === token}
                            onChange={(_, on) => {
                              update({ defaultValue: on ? token : '' });
                              touch('defaultValue');
                            }}
                            slotProps={{ input: { 'data-testid': tokenTestId(token) } as object }}
                          />
                        }
                        label={`${label(TOKEN_LABEL[token])} (${token})`}
                      />
                    ))}
                  </FormGroup>
                )}
                {tokenOn ? (
                  <TextField
                    label={label('app.dictionary.attribute.default')}
                    value={`${label(TOKEN_LABEL[draft.defaultValue.trim()])} (${draft.defaultValue.trim()})`}
                    disabled
                    fullWidth
                    helperText={label('app.dictionary.attribute.token.hint')}
                    slotProps={{ htmlInput: { 'data-testid': 'attribute-default-token' } }}
                  />
                ) : (
                  <AttributeDefaultInput
                    type={type}
                    draft={draft}
                    globalValues={globalList?.values.map((v) => v.value) ?? []}
                    onChange={(v) => update({ defaultValue: v })}
                    onBlur={() => touch('defaultValue')}
                    error={defaultError ? t(defaultError) : undefined}
                  />
                )}
              </Box>
            )}

            <FormControlLabel
              control={
                <Checkbox
                  checked={type === 'Read Only' ? false : draft.required}
                  disabled={type === 'Read Only'}
                  onChange={(_, on) => update({ required: on })}
                  slotProps={{ input: { 'data-testid': 'attribute-required' } as object }}
                />
              }
              label={label(
                type === 'Read Only'
                  ? 'app.dictionary.attribute.required.read-only'
                  : 'app.dictionary.attribute.required',
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{label('app.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!valid || pending} data-testid="attribute-apply">
            {label(attribute ? 'app.dictionary.apply' : 'app.dictionary.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
