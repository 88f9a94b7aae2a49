import { useRef } from 'react';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useIntl } from 'react-intl';
import { showSnack } from '../../../app/snackbar-store';

/**
 * Copies a text: the Clipboard API, or (plain http outside localhost has none) the selected field
 * and the older copy command.
 */
export async function copyText(text: string, field?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

interface Props {
  label: string;
  value: string;
  /** What the copy button says to screen readers, e.g. "Copy the WFS endpoint". */
  copyLabel: string;
  testId: string;
  monospace?: boolean;
}

/** A read-only text (key or endpoint) with a copy button; copying confirms with app.client.endpoint.copy.ok. */
export function ClientCopyField({ label, value, copyLabel, testId, monospace }: Props) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    const ok = await copyText(value, input.current);
    showSnack(ok ? 'app.client.endpoint.copy.ok' : 'app.client.copy.error', ok ? 'success' : 'error');
  };
  return (
    <TextField
      label={label}
      value={value}
      margin="dense"
      size="small"
      inputRef={input}
      onFocus={(e) => e.target.select()}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': testId, spellCheck: false },
        input: {
          sx: monospace
            ? { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }
            : undefined,
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={intl.formatMessage({ id: 'app.client.copy' })}>
                <IconButton
                  edge="end"
                  aria-label={copyLabel}
                  onClick={() => void copy()}
                  data-testid={`${testId}-copy`}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
