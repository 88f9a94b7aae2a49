import { useMemo } from 'react';
import { TextField } from '@mui/material';
import { useIntl } from 'react-intl';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

/** Countries with their calling codes, named in the interface language and sorted by name. */
function useCountryOptions() {
  const { locale } = useIntl();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return getCountries()
      .map((code) => ({ code, label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
      .sort((a, b) => a.label.localeCompare(b.label, locale));
  }, [locale]);
}

interface Props {
  label: string;
  value: CountryCode;
  onChange: (country: CountryCode) => void;
}

/** Native select: quick with ~250 entries, keyboard- and phone-friendly. */
export function PhoneCountrySelect({ label, value, onChange }: Props) {
  const options = useCountryOptions();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as CountryCode)}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'signup-country' } }}
    >
      {options.map((o) => (
        <option key={o.code} value={o.code}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
