import { useEffect, useState } from 'react';
import {
  Autocomplete,
  Badge,
  Box,
  Checkbox,
  IconButton,
  InputAdornment,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Tooltip,
} from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import { useIntl } from 'react-intl';
import { SEARCH_DEBOUNCE_MS } from '@fieldbook/domain';
import { useSuggestions } from '../../api/search';
import { useDebounced } from '../../app/use-debounced';
import { useMapStore } from '../state/map-store';
import { QUICK_FILTERS, useSearchPanel } from './search-store';

/**
 * The search box (spec 3 §2, §9): the text searches 500 ms after the last keystroke, values of the
 * project's features completing it are offered as one types, and the quick filters menu narrows to
 * features with photos, files or forms.
 */
export function SearchBox() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { text, layerId, quick, setText, setQuick } = useSearchPanel();
  const projectId = useMapStore((s) => s.projectId);
  const [typed, setTyped] = useState(text);
  const debounced = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const suggestions = useSuggestions(debounced, projectId, layerId).data?.suggestions ?? [];
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const quickOn = QUICK_FILTERS.filter((f) => quick[f]).length;

  useEffect(() => {
    if (debounced.trim() !== useSearchPanel.getState().text) setText(debounced.trim());
  }, [debounced, setText]);
  // The attribute table clears the text from outside the box.
  useEffect(() => {
    if (text === '') setTyped((current) => (current.trim() === '' ? current : ''));
  }, [text]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, py: 1 }}>
      <Autocomplete
        freeSolo
        fullWidth
        size="small"
        options={[...new Set(suggestions.map((s) => s.text))]}
        filterOptions={(options) => options}
        inputValue={typed}
        onInputChange={(_, value) => setTyped(value)}
        onChange={(_, value) => {
          // Choosing a suggestion searches at once.
          if (typeof value === 'string') {
            setTyped(value);
            setText(value.trim());
          }
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={t('app.search.placeholder')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': t('app.search.text') },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
      <Tooltip title={t('app.search.quick-filters')}>
        <IconButton
          aria-label={t('app.search.quick-filters')}
          aria-haspopup="menu"
          onClick={(e) => setMenu(e.currentTarget)}
        >
          <Badge color="primary" badgeContent={quickOn} invisible={quickOn === 0}>
            <FilterListIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        {QUICK_FILTERS.map((flag) => (
          <MenuItem
            key={flag}
            role="menuitemcheckbox"
            aria-checked={quick[flag]}
            onClick={() => setQuick(flag, !quick[flag])}
          >
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={quick[flag]} tabIndex={-1} disableRipple />
            </ListItemIcon>
            <ListItemText primary={t(`app.search.quick.${flag}`)} />
          </MenuItem>
        ))}
      </Menu>
    </Box>
  );
}
