import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { intKeystrokeAllowed } from '@fieldbook/domain';
import { useIntl } from 'react-intl';
import type { DictAttribute } from '../../../api/dictionaries';
import { useT } from '../../../i18n/translate';
import { attributeType } from './attribute-form';

interface Props {
  attribute: DictAttribute;
  value: string;
  error: string | null;
  /** Errors show once the user has touched the input, or after a failed save. */
  showError: boolean;
  onChange: (value: string) => void;
}

const PLACEHOLDERS: Partial<Record<string, string>> = {
  Date: 'MM/DD/YYYY',
  Time: 'hh:mm am',
  Timestamp: 'MM/DD/YYYY hh:mm am',
};

/** One typed attribute input of the feature dialogs (spec 3 §5). */
export function AttributeInput({ attribute, value, error, showError, onChange }: Props) {
  const intl = useIntl();
  const t = useT();
  const type = attributeType(attribute);
  const label = attribute.required ? `${attribute.name} *` : attribute.name;
  const common = {
    label,
    fullWidth: true,
    size: 'small' as const,
    error: showError && !!error,
    helperText: showError && error ? t(error) : undefined,
    slotProps: { htmlInput: { 'data-testid': `attribute-${attribute.name}`, 'aria-label': attribute.name } },
  };
  const options = attribute.pickList?.values ?? [];

  if (type === 'Pick List' || type === 'Global Pick List' || type === 'Boolean') {
    const choices =
      type === 'Boolean'
        ? [
            { value: 'true', label: intl.formatMessage({ id: 'app.feature.attribute.true' }) },
            { value: 'false', label: intl.formatMessage({ id: 'app.feature.attribute.false' }) },
          ]
        : options.map((o) => ({ value: o.value, label: o.label || o.value }));
    return (
      <TextField
        {...common}
        select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{
          select: {
            SelectDisplayProps: {
              'aria-label': attribute.name,
              'data-testid': `attribute-${attribute.name}`,
            } as object,
          },
        }}
      >
        <MenuItem value="">
          <em>{intl.formatMessage({ id: 'app.feature.attribute.none' })}</em>
        </MenuItem>
        {choices.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (type === 'Pick List Edit') {
    // A pick list whose value may also be typed freely.
    return (
      <Autocomplete
        freeSolo
        options={options.map((o) => o.value)}
        inputValue={value}
        onInputChange={(_, v) => onChange(v)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            size="small"
            error={common.error}
            helperText={common.helperText}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `attribute-${attribute.name}` },
            }}
          />
        )}
      />
    );
  }
  if (type === 'Read Only') return <TextField {...common} value={value} disabled />;
  if (type === 'Int') {
    return (
      <TextField
        {...common}
        value={value}
        inputMode="numeric"
        onChange={(e) => intKeystrokeAllowed(e.target.value) && onChange(e.target.value)}
      />
    );
  }
  return (
    <TextField
      {...common}
      value={value}
      multiline={type === 'Note'}
      minRows={type === 'Note' ? 2 : undefined}
      placeholder={PLACEHOLDERS[type]}
      inputMode={type === 'Double' ? 'decimal' : type === 'Hyperlink' ? 'url' : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
