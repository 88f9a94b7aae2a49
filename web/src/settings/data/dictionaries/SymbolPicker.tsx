import { useState } from 'react';
import { Box, ButtonBase, CircularProgress, InputAdornment, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useIntl } from 'react-intl';
import { DICTIONARY_LIMITS } from '@fieldbook/domain';
import { useSymbolSearch } from '../../../api/dictionaries';
import { useT } from '../../../i18n/translate';
import { errorMessageOf } from '../../../api/client';
import { useDebounced } from '../../../app/use-debounced';

interface Props {
  /** The chosen symbol's image URL (stored as the component's style). */
  value: string | null;
  onChange: (symbolUrl: string) => void;
}

/** Marker symbols of the organization, searched by name (debounced 200 ms, 10 per page). */
export function SymbolPicker({ value, onChange }: Props) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, DICTIONARY_LIMITS.symbolCheckDebounceMs);
  const symbols = useSymbolSearch(debounced, true);
  const items = (symbols.data?.data ?? []).filter((s) => s.symbolUrl);

  return (
    <Box data-testid="symbol-picker">
      <TextField
        size="small"
        fullWidth
        label={label('app.dictionary.style.symbol.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: symbols.isFetching ? (
              <CircularProgress size={16} aria-label={label('app.dictionary.loading')} />
            ) : undefined,
          },
          htmlInput: { 'data-testid': 'symbol-search', maxLength: DICTIONARY_LIMITS.symbolNameMax },
        }}
      />
      {symbols.isError ? (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {t(errorMessageOf(symbols.error))}
        </Typography>
      ) : items.length === 0 && !symbols.isPending ? (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }} data-testid="symbol-none">
          {label('app.dictionary.style.symbol.none')}
        </Typography>
      ) : (
        <Box
          role="listbox"
          aria-label={label('app.dictionary.style.symbols')}
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(76px, 1fr))', gap: 1, mt: 1.5 }}
        >
          {items.map((s) => {
            const selected = value === s.symbolUrl;
            return (
              <ButtonBase
                key={s.id}
                role="option"
                aria-selected={selected}
                onClick={() => onChange(s.symbolUrl as string)}
                data-testid="symbol-option"
                sx={{
                  flexDirection: 'column',
                  gap: 0.5,
                  p: 1,
                  borderRadius: 1,
                  border: selected ? 2 : 1,
                  borderColor: selected ? 'primary.main' : 'divider',
                  bgcolor: selected ? 'action.selected' : 'transparent',
                }}
              >
                <Box
                  component="img"
                  src={s.symbolUrl ?? undefined}
                  alt=""
                  sx={{ width: 32, height: 32, objectFit: 'contain' }}
                />
                <Typography variant="caption" noWrap sx={{ maxWidth: '100%' }}>
                  {s.name}
                </Typography>
              </ButtonBase>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
