import { useState } from 'react';
import { TextField } from '@mui/material';
import { useIntl } from 'react-intl';

/** The name typed into a new or edit dialog: its text, whether it was typed in, and a clash the server reported. */
export function useNameInput() {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  return {
    name,
    touched,
    /** A name clash the server reported (a message id), shown until the name changes. */
    serverError,
    showServerError: (messageId: string) => setServerError(messageId),
    /** When the dialog opens: the name it starts with, nothing typed yet. */
    reset: (value: string) => {
      setName(value);
      setTouched(false);
      setServerError(undefined);
    },
    type: (value: string) => {
      setName(value);
      setTouched(true);
      setServerError(undefined);
    },
  };
}

export type NameInput = ReturnType<typeof useNameInput>;

interface Props {
  label: string;
  input: NameInput;
  /** The message id of what is wrong with the name; shown once it was typed in. */
  error: string | undefined;
  /** The longest name allowed: one more character may be typed so that the error shows. */
  maxLength: number;
  testId: string;
}

/** The required, focused name field of the project, folder and layer dialogs (spec 3 §5). */
export function NameField({ label, input, error, maxLength, testId }: Props) {
  const intl = useIntl();
  return (
    <TextField
      label={label}
      value={input.name}
      required
      autoFocus
      onChange={(e) => input.type(e.target.value)}
      error={input.touched && !!error}
      helperText={input.touched && error ? intl.formatMessage({ id: error }) : ' '}
      slotProps={{ htmlInput: { maxLength: maxLength + 1, 'data-testid': testId } }}
    />
  );
}
