import { Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS } from '@fieldbook/domain';
import { useCrsSearch, type CrsOption } from '../../../api/sites';
import { useDebounced } from '../../../app/use-debounced';
import { crsLabel } from './site-params';

interface Props {
  /** Searches only while the dialog is open. */
  open: boolean;
  value: CrsOption | null;
  onChange: (option: CrsOption | null) => void;
  inputValue: string;
  onInputChange: (text: string) => void;
  /** The hint under the field (the site dialog's by default); export and upload reuse the field. */
  hintId?: string;
  disabled?: boolean;
}

/** The site dialog's coordinate-system search by EPSG code or name (debounced, spec 2 §9). */
export function CrsSearchField({
  open,
  value,
  onChange,
  inputValue,
  onInputChange,
  hintId = 'app.site.crs.hint',
  disabled,
}: Props) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const search = useDebounced(inputValue.trim(), DICTIONARY_LIMITS.crsSearchDebounceMs);
  const searching = open && search !== '' && !(value && search === crsLabel(value));
  const results = useCrsSearch(search, searching);

  return (
    <Autocomplete<CrsOption>
      options={searching ? (results.data ?? []) : value ? [value] : []}
      filterOptions={(x) => x}
      value={value}
      disabled={disabled}
      onChange={(_, option) => onChange(option)}
      inputValue={inputValue}
      onInputChange={(_, text) => onInputChange(text)}
      getOptionLabel={crsLabel}
      isOptionEqualToValue={(a, b) => a.epsg === b.epsg}
      getOptionKey={(o) => o.epsg}
      loading={searching && results.isFetching}
      noOptionsText={label(search === '' ? 'app.site.crs.type' : 'app.site.crs.none')}
      loadingText={label('app.loading')}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest} data-testid={`site-crs-option-${o.epsg}`}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                EPSG:{o.epsg}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {o.name}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label('app.site.crs')}
          helperText={label(hintId)}
          margin="dense"
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {searching && results.isFetching && <CircularProgress color="inherit" size={18} aria-hidden />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'site-crs' },
          }}
        />
      )}
    />
  );
}
