import { useEffect, useState } from 'react';
import { TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { ONECALL_LIMITS, ONECALL_MSG, archiveDaysField, type OneCallEmail } from '@fieldbook/domain';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';
import { oneCallApi } from '../../features/onecall/onecall-api';

interface Props {
  address: OneCallEmail;
  onSaved: () => Promise<unknown>;
}

/**
 * The expire (archive) days of an address (spec 3 §5): a whole number 1–365, saved when the field is
 * left; left empty it goes back to 7. Disabled until the address is verified (spec 3 §4).
 */
export function ArchiveDaysField({ address, onSaved }: Props) {
  const intl = useIntl();
  const t = useT();
  const [text, setText] = useState(String(address.archiveDays));
  const [busy, setBusy] = useState(false);
  useEffect(() => setText(String(address.archiveDays)), [address.archiveDays]);

  const days = text.trim() === '' ? NaN : Number(text);
  const error = text.trim() !== '' && !archiveDaysField.safeParse(days).success;

  const save = async () => {
    const value = text.trim() === '' ? ONECALL_LIMITS.archiveDaysDefault : days;
    if (text.trim() === '') setText(String(value));
    if (!archiveDaysField.safeParse(value).success || value === address.archiveDays) return;
    setBusy(true);
    try {
      await oneCallApi.updateEmail({ id: address.id, projectId: address.projectId, archiveDays: value });
      await onSaved();
      showSnack(ONECALL_MSG.updated, 'success');
    } catch (err) {
      snackFailure(err, ONECALL_MSG.updateError);
      setText(String(address.archiveDays));
    } finally {
      setBusy(false);
    }
  };

  return (
    <TextField
      size="small"
      type="number"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => void save()}
      onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
      disabled={!address.isVerified || busy}
      error={error}
      helperText={error ? t(ONECALL_MSG.archiveDaysOutOfRange) : undefined}
      sx={{ width: 96 }}
      slotProps={{
        htmlInput: {
          min: ONECALL_LIMITS.archiveDaysMin,
          max: ONECALL_LIMITS.archiveDaysMax,
          step: 1,
          'aria-label': intl.formatMessage({ id: 'app.onecall.list.expire-days-of' }, { email: address.emailAddress }),
          'data-testid': 'onecall-archive-days',
        },
      }}
    />
  );
}
