import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchIcon from '@mui/icons-material/Search';
import { useIntl } from 'react-intl';
import { LIMITS, type Member } from '@fieldbook/domain';
import { errorMessageOf } from '../../api/client';
import { useMemberPage, useSeats, type MemberFilters, type MemberQuery } from '../../api/members';
import { useDebounced } from '../../app/use-debounced';
import { useT } from '../../i18n/translate';
import { useSettingsAccess } from '../access';
import { PageHeader } from '../PageHeader';
import { AddMemberDialog } from './AddMemberDialog';
import { MemberActionDialogs } from './MemberActionDialogs';
import { MemberFilterPopover, activeFilterCount } from './MemberFilterPopover';
import type { MemberAction } from './member-format';
import { MembersTable } from './MembersTable';
import { SeatBanner } from './SeatBanner';

/**
 * …/manage-members (spec 1 §2.5): the seat banner, search (500 ms debounce), filters and the
 * server-paged member table; row actions and "Add user" for organization admins only.
 */
export function ManageMembersPage() {
  const intl = useIntl();
  const t = useT();
  const access = useSettingsAccess();
  const label = (id: string) => intl.formatMessage({ id });
  const [sort, setSort] = useState<Pick<MemberQuery, 'sort' | 'order'>>({ sort: 'name', order: 'asc' });
  const [page, setPage] = useState(0);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), LIMITS.searchDebounceMs);
  const [filters, setFilters] = useState<MemberFilters>({});
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<{ action: MemberAction; member: Member } | null>(null);
  const isAdmin = access?.isOrgAdmin ?? false;
  const seats = useSeats();

  // A new search, filter or order starts again at the first page.
  useEffect(() => setPage(0), [search, filters, sort]);

  const query: MemberQuery = {
    page,
    pageSize: LIMITS.memberPageSize,
    ...sort,
    search: search || undefined,
    ...filters,
  };
  const members = useMemberPage(query);
  // Deleting the last member of a page goes back one page.
  useEffect(() => {
    if (page > 0 && members.data && !members.isPlaceholderData && members.data.data.length === 0) setPage(page - 1);
  }, [page, members.data, members.isPlaceholderData]);
  const filterCount = activeFilterCount(filters);
  // Dialogs show the member as last fetched (e.g. permissions just saved).
  const fresh = pending && {
    ...pending,
    member: members.data?.data.find((m) => m.id === pending.member.id) ?? pending.member,
  };

  return (
    <>
      <PageHeader title={label('app.settings.manage-members')} subtitle={label('app.mm.subtitle')} />
      <SeatBanner seats={seats.data} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <TextField
          type="search"
          size="small"
          margin="none"
          label={label('app.mm.search')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}
          slotProps={{
            htmlInput: { 'data-testid': 'members-search', maxLength: LIMITS.emailMax },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Tooltip title={label('app.mm.filter')}>
          <IconButton
            aria-label={label('app.mm.filter')}
            aria-haspopup="dialog"
            onClick={(e) => setFilterAnchor(e.currentTarget)}
            data-testid="members-filter"
          >
            <Badge badgeContent={filterCount} color="primary">
              <FilterListIcon />
            </Badge>
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: { xs: '0 0 0', sm: 1 } }} />
        {isAdmin && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            onClick={() => setAdding(true)}
            data-testid="members-add"
          >
            {label('app.mm.add')}
          </Button>
        )}
      </Box>
      <MemberFilterPopover
        anchor={filterAnchor}
        onClose={() => setFilterAnchor(null)}
        filters={filters}
        onChange={setFilters}
        isSupport={access?.isSupport ?? false}
      />
      {members.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => void members.refetch()}>
              {label('app.retry')}
            </Button>
          }
        >
          {t(errorMessageOf(members.error))}
        </Alert>
      )}
      <MembersTable
        page={members.data}
        loading={members.isFetching}
        pageIndex={page}
        onPageChange={setPage}
        sort={sort}
        onSortChange={setSort}
        selfId={access?.account?.id}
        isAdmin={isAdmin}
        isPlus={access?.isPlus ?? false}
        onAction={(action, member) => setPending({ action, member })}
      />
      {isAdmin && (
        <>
          <AddMemberDialog
            open={adding}
            onClose={() => setAdding(false)}
            seats={seats.data}
            isPlus={access?.isPlus ?? false}
          />
          <MemberActionDialogs
            pending={fresh}
            onClose={() => setPending(null)}
            seats={seats.data}
            isPlus={access?.isPlus ?? false}
            selfId={access?.account?.id}
          />
        </>
      )}
    </>
  );
}
