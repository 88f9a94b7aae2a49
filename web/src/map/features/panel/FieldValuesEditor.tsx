import { Alert, Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { FIELD_LIMITS, FIELD_MSG, type LayerField } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { useT } from '../../../i18n/translate';
import { changedValues, draftOf, valueOfDraft, type FieldDraft } from './field-values';
import { useFeatureSave } from './useFeatureSave';

interface Props {
  feature: FeatureOut;
  /** The layer's fields in their order. */
  fields: LayerField[];
  headingId: string;
  onDone: () => void;
}

/**
 * Typed inputs for a feature's field values (issue #10 §1): text, whole and decimal numbers, a
 * switch, a date and a local date-time, checked by the domain's rule as typed; the update sends only
 * the changed values (`fieldValues`) and shows the server's refusal.
 */
export function FieldValuesEditor({ feature, fields, headingId, onDone }: Props) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const [initial] = useState(() =>
    Object.fromEntries(fields.map((f) => [f.name, draftOf(f, feature.properties.fieldValues?.[f.name])])),
  );
  const [drafts, setDrafts] = useState<Record<string, FieldDraft>>(initial);
  const { save, error, busy } = useFeatureSave(feature);
  const { values, invalid } = changedValues(fields, initial, drafts);
  const set = (name: string, draft: FieldDraft) => setDrafts((d) => ({ ...d, [name]: draft }));
  const submit = async () => {
    if (await save({ fieldValues: values })) onDone();
  };

  const input = (field: LayerField, i: number) => {
    const draft = drafts[field.name];
    const testId = `feature-field-input-${field.name}`;
    if (field.type === 'boolean')
      return (
        <FormControlLabel
          key={field.name}
          label={field.name}
          sx={{ overflowWrap: 'anywhere' }}
          control={
            <Switch
              checked={draft === true}
              onChange={(_, checked) => set(field.name, checked)}
              slotProps={{ input: { 'data-testid': testId } as object }}
            />
          }
        />
      );
    const bad = typeof draft === 'string' && valueOfDraft(field, draft) === undefined;
    const kind = {
      text: { type: 'text', inputMode: 'text' },
      integer: { type: 'text', inputMode: 'numeric' },
      real: { type: 'text', inputMode: 'decimal' },
      date: { type: 'date', inputMode: undefined },
      datetime: { type: 'datetime-local', inputMode: undefined },
    }[field.type];
    return (
      <TextField
        key={field.name}
        size="small"
        fullWidth
        autoFocus={i === 0}
        label={field.name}
        type={kind.type}
        multiline={field.type === 'text'}
        maxRows={field.type === 'text' ? 6 : undefined}
        value={typeof draft === 'string' ? draft : ''}
        onChange={(e) => set(field.name, e.target.value)}
        error={bad}
        helperText={bad ? t(FIELD_MSG.badValue) : undefined}
        slotProps={{
          inputLabel: field.type === 'date' || field.type === 'datetime' ? { shrink: true } : undefined,
          htmlInput: {
            inputMode: kind.inputMode,
            step: field.type === 'datetime' ? 1 : undefined,
            maxLength: field.type === 'text' ? FIELD_LIMITS.textMax : undefined,
            'data-testid': testId,
          },
        }}
      />
    );
  };

  return (
    <Box sx={{ px: 2, pb: 1.5 }} data-testid="feature-fields-editor">
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t(error)}
        </Alert>
      )}
      <Stack spacing={1.5} role="group" aria-labelledby={headingId} sx={{ pt: 1 }}>
        {fields.map(input)}
      </Stack>
      {invalid.length > 0 && (
        <Typography variant="caption" color="error" role="status" sx={{ display: 'block', mt: 1 }}>
          {t(FIELD_MSG.badValue)}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onDone} disabled={busy} data-testid="feature-fields-cancel">
          {label('app.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || invalid.length > 0 || Object.keys(values).length === 0}
          data-testid="feature-fields-save"
        >
          {label('app.save')}
        </Button>
      </Stack>
    </Box>
  );
}
