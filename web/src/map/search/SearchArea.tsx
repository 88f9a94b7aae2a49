import { IconButton, Tooltip } from '@mui/material';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import { useIntl } from 'react-intl';
import { SearchPanel } from './SearchPanel';
import { useSearchPanel } from './search-store';

/** The top toolbar's search toggle (spec 3 §2). */
export function SearchToggle() {
  const label = useIntl().formatMessage({ id: 'app.search.toggle' });
  const open = useSearchPanel((s) => s.open);
  const toggle = useSearchPanel((s) => s.toggle);
  return (
    <Tooltip title={label} placement="left">
      <IconButton color="inherit" aria-label={label} aria-pressed={open} onClick={toggle} data-testid="search-toggle">
        <ManageSearchIcon />
      </IconButton>
    </Tooltip>
  );
}

/** The search panel while it is open. */
export function SearchArea() {
  const open = useSearchPanel((s) => s.open);
  return open ? <SearchPanel /> : null;
}
