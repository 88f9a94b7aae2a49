import { TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS, isPickListType, type AttributeTypeName } from '@fieldbook/domain';
import {
  fromDateInput,
  fromTimeInput,
  fromTimestampInput,
  toDateInput,
  toTimeInput,
  toTimestampInput,
  type AttributeDraft,
} from './model';

interface DefaultInputProps {
  type: AttributeTypeName;
  draft: AttributeDraft;
  globalValues: string[];
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}

/** The default value input for a type: text, number, native date/time pickers, true/false or a list value. */
export function AttributeDefaultInput({ type, draft, globalValues, onChange, onBlur, error }: DefaultInputProps) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const common = {
    label: label(
      type === 'Read Only' ? 'app.dictionary.attribute.default.required' : 'app.dictionary.attribute.default',
    ),
    fullWidth: true,
    onBlur,
    error: Boolean(error),
    helperText: error ?? hintFor(type, intl),
    required: type === 'Read Only',
  };
  const testId = { 'data-testid': 'attribute-default' };

  // Pick lists and true/false choose among values, "none" first.
  const choices = isPickListType(type)
    ? (type === 'Global Pick List' ? globalValues : draft.values.map((v) => v.value)).map((v) => ({
        value: v,
        text: v,
      }))
    : type === 'Boolean'
      ? [
          { value: 'true', text: label('app.dictionary.attribute.true') },
          { value: 'false', text: label('app.dictionary.attribute.false') },
        ]
      : null;
  if (choices) {
    return (
      <TextField
        {...common}
        select
        value={draft.defaultValue}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: testId }}
      >
        <option value="">{label('app.dictionary.attribute.default.none')}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.text}
          </option>
        ))}
      </TextField>
    );
  }
  if (type === 'Date' || type === 'Time' || type === 'Timestamp') {
    const [inputType, to, from] =
      type === 'Date'
        ? (['date', toDateInput, fromDateInput] as const)
        : type === 'Time'
          ? (['time', toTimeInput, fromTimeInput] as const)
          : (['datetime-local', toTimestampInput, fromTimestampInput] as const);
    return (
      <TextField
        {...common}
        type={inputType}
        value={to(draft.defaultValue)}
        onChange={(e) => onChange(from(e.target.value))}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: testId }}
      />
    );
  }
  const max = type === 'Text' || type === 'Note' || type === 'Read Only' ? DICTIONARY_LIMITS.textDefaultMax : undefined;
  return (
    <TextField
      {...common}
      value={draft.defaultValue}
      onChange={(e) => onChange(e.target.value)}
      multiline={type === 'Note'}
      minRows={type === 'Note' ? 2 : undefined}
      slotProps={{
        htmlInput: {
          ...testId,
          maxLength: max ? max + 1 : 512,
          inputMode:
            type === 'Int' ? 'numeric' : type === 'Double' ? 'decimal' : type === 'Hyperlink' ? 'url' : undefined,
        },
      }}
    />
  );
}

function hintFor(type: AttributeTypeName, intl: ReturnType<typeof useIntl>): string {
  switch (type) {
    case 'Int':
      return intl.formatMessage({ id: 'app.dictionary.attribute.hint.int' });
    case 'Double':
      return intl.formatMessage({ id: 'app.dictionary.attribute.hint.double' });
    case 'Hyperlink':
      return intl.formatMessage({ id: 'app.dictionary.attribute.hint.hyperlink' });
    case 'Text':
    case 'Note':
    case 'Read Only':
      return intl.formatMessage(
        { id: 'app.dictionary.attribute.hint.text' },
        { max: DICTIONARY_LIMITS.textDefaultMax },
      );
    default:
      return ' ';
  }
}
