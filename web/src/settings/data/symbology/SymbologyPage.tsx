import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { useIntl } from 'react-intl';
import { DATA_MSG, DICTIONARY_LIMITS } from '@fieldbook/domain';
import { errorMessageOf } from '../../../api/client';
import { flagOn } from '../../../api/functionality-flags';
import { useSymbolPage, type SymbolItem, type SymbolQuery } from '../../../api/symbols';
import { SearchToolbar } from '../../../app/SearchToolbar';
import { useDebounced } from '../../../app/use-debounced';
import { useT } from '../../../i18n/translate';
import { useSettingsAccess } from '../../access';
import { PageHeader } from '../../PageHeader';
import { SymbolDeleteDialog } from './SymbolDeleteDialog';
import { SymbolDialog } from './SymbolDialog';
import { SymbolsTable } from './SymbolsTable';

type Sort = Pick<SymbolQuery, 'sort' | 'order'>;

/**
 * /settings/data/symbology (spec 2 §2 Symbology): the organization's marker images in a server-paged,
 * sortable table with a detail row; organization admins add, edit and delete them.
 */
export function SymbologyPage() {
  const intl = useIntl();
  const t = useT();
  const access = useSettingsAccess();
  const label = (id: string) => intl.formatMessage({ id });
  const isAdmin = access?.isOrgAdmin ?? false;
  const stylingOff = flagOn(access?.account, 'dictionaryStyling') === false;
  const [sort, setSortState] = useState<Sort>({ sort: 'name', order: 'asc' });
  const [page, setPage] = useState(0);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), DICTIONARY_LIMITS.symbolCheckDebounceMs);
  const [lastSearch, setLastSearch] = useState(search);
  // The dialog keeps its symbol while it closes (no title flicker).
  const [editing, setEditingState] = useState<{ open: boolean; symbol: SymbolItem | null }>({
    open: false,
    symbol: null,
  });
  const setEditing = (symbol: SymbolItem | null) => setEditingState({ open: true, symbol });
  const [deleting, setDeleting] = useState<SymbolItem | null>(null);

  // A new search or order starts again at the first page.
  if (search !== lastSearch) {
    setLastSearch(search);
    setPage(0);
  }
  const setSort = (next: Sort) => {
    setSortState(next);
    setPage(0);
  };

  const query: SymbolQuery = { page, pageSize: DICTIONARY_LIMITS.symbolPageSize, ...sort, search: search || undefined };
  const symbols = useSymbolPage(query);
  // The last page may have emptied (a symbol deleted): show the one before.
  if (symbols.data && symbols.data.data.length === 0 && page > 0 && !symbols.isFetching) setPage(page - 1);

  return (
    <>
      <PageHeader title={label('app.settings.data.symbology')} subtitle={label('app.data.symbol.subtitle')} />
      {stylingOff && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="symbology-styling-off">
          {t(DATA_MSG.stylingDisabled)}
        </Alert>
      )}
      <SearchToolbar
        label={label('app.data.symbol.search')}
        value={searchText}
        onChange={setSearchText}
        testId="symbols-search"
        maxLength={DICTIONARY_LIMITS.symbolNameMax}
      >
        {isAdmin && (
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateOutlinedIcon />}
            onClick={() => setEditing(null)}
            data-testid="symbols-add"
          >
            {label('app.data.symbol.add')}
          </Button>
        )}
      </SearchToolbar>
      {symbols.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => void symbols.refetch()}>
              {label('app.retry')}
            </Button>
          }
        >
          {t(errorMessageOf(symbols.error))}
        </Alert>
      )}
      <SymbolsTable
        page={symbols.data}
        loading={symbols.isFetching}
        loadedAt={symbols.dataUpdatedAt}
        pageIndex={page}
        onPageChange={setPage}
        sort={sort}
        onSortChange={setSort}
        isAdmin={isAdmin}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {isAdmin && (
        <>
          <SymbolDialog
            open={editing.open}
            symbol={editing.symbol}
            onClose={() => setEditingState((e) => ({ ...e, open: false }))}
          />
          <SymbolDeleteDialog symbol={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </>
  );
}
