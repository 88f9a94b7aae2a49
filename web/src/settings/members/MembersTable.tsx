import { Fragment, useState } from 'react';
import {
  Avatar, Box, Chip, Collapse, IconButton, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer,
  TableHead, TablePagination, TableRow, TableSortLabel, Typography,
} from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { useIntl } from 'react-intl';
import { LIMITS, type Member } from '@fieldbook/domain';
import type { MemberPage, MemberQuery } from '../../api/members';
import { formatShortDate } from '../../app/dates';
import { visuallyHidden } from '../../app/visually-hidden';
import { MemberActions } from './MemberActions';
import { MemberDetail } from './MemberDetail';
import { avatarColour, fullName, initials, userTypeLabelId, type MemberAction } from './member-format';

type Sort = Pick<MemberQuery, 'sort' | 'order'>;

interface Props {
  page: MemberPage | undefined;
  loading: boolean;
  pageIndex: number;
  onPageChange: (page: number) => void;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  selfId: string | undefined;
  isAdmin: boolean;
  isPlus: boolean;
  onAction: (action: MemberAction, member: Member) => void;
}

// Less important columns give way on small screens (the detail row shows them; inactive shows as a chip).
const fromSm = { display: { xs: 'none', sm: 'table-cell' } };
const fromLg = { display: { xs: 'none', lg: 'table-cell' } };

/** The member table of spec 1 §2.5: sortable columns, server paging, expandable detail. */
export function MembersTable({ page, loading, pageIndex, onPageChange, sort, onSortChange, selfId, isAdmin, isPlus, onAction }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [expanded, setExpanded] = useState<string | null>(null);
  const rows = page?.data ?? [];

  const header = (field: Sort['sort'], labelId: string, sx?: object) => (
    <TableCell sx={sx} sortDirection={sort.sort === field ? sort.order : false}>
      <TableSortLabel
        active={sort.sort === field}
        direction={sort.sort === field ? sort.order : 'asc'}
        onClick={() => onSortChange({ sort: field, order: sort.sort === field && sort.order === 'asc' ? 'desc' : 'asc' })}
        data-testid={`members-sort-${field}`}
      >
        {label(labelId)}
        {sort.sort === field && (
          <Box component="span" sx={visuallyHidden}>
            {label(sort.order === 'desc' ? 'app.table.sorted-desc' : 'app.table.sorted-asc')}
          </Box>
        )}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={label('app.loading')} />}</Box>
      <TableContainer>
        <Table
          size="small"
          aria-label={label('app.mm.table')}
          data-testid="members-table"
          // Narrow phones need every pixel: tighter cell padding below sm.
          sx={{ '& td:not(.MuiTableCell-paddingCheckbox), & th:not(.MuiTableCell-paddingCheckbox)': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {label('app.mm.details')}
                </Box>
              </TableCell>
              {header('name', 'app.mm.column.name')}
              {header('email', 'app.mm.column.email', fromSm)}
              {header('userType', 'app.mm.column.type')}
              {header('createdDt', 'app.mm.column.created', { ...fromLg, whiteSpace: 'nowrap' })}
              {isAdmin && (
                <TableCell align="right">
                  <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>{label('app.mm.column.actions')}</Box>
                  <Box component="span" sx={{ ...visuallyHidden, display: { md: 'none' } }}>{label('app.mm.column.actions')}</Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((m) => {
              const open = expanded === m.id;
              const name = fullName(m);
              return (
                <Fragment key={m.id}>
                  <TableRow hover data-testid={`member-row-${m.email}`} sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={label('app.mm.details.toggle', { name })}
                        aria-expanded={open}
                        aria-controls={`member-detail-${m.id}`}
                        onClick={() => setExpanded(open ? null : m.id)}
                        data-testid="member-expand"
                      >
                        {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                      </IconButton>
                    </TableCell>
                    <TableCell sx={{ maxWidth: { xs: 160, sm: 240 }, opacity: m.isActive ? 1 : 0.75 }}>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                        <Avatar aria-hidden sx={{ width: 32, height: 32, fontSize: 14, bgcolor: avatarColour(m.id), color: '#fff', display: { xs: 'none', sm: 'flex' } }}>
                          {initials(m)}
                        </Avatar>
                        <Box sx={{ minWidth: 0 }}>
                          <Typography variant="body2" noWrap sx={{ fontWeight: 500 }} data-testid="member-name">
                            {name}
                            {m.id === selfId && <Typography component="span" variant="body2" color="text.secondary">{` ${label('app.mm.you')}`}</Typography>}
                          </Typography>
                          <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ display: { sm: 'none' } }}>
                            {m.email}
                          </Typography>
                          {!m.isActive && (
                            <Chip size="small" variant="outlined" label={label('app.mm.status.inactive')} sx={{ mt: 0.25, height: 20 }} data-testid="member-inactive" />
                          )}
                        </Box>
                      </Box>
                    </TableCell>
                    <TableCell sx={{ ...fromSm, maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{m.email}</TableCell>
                    <TableCell data-testid="member-type">{label(userTypeLabelId(m.userType))}</TableCell>
                    <TableCell sx={{ ...fromLg, whiteSpace: 'nowrap' }}>{formatShortDate(m.createdDt, intl.locale)}</TableCell>
                    {isAdmin && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5, pr: { xs: 0.5, sm: 1 } }}>
                        <MemberActions member={m} selfId={selfId} isPlus={isPlus} onAction={onAction} />
                      </TableCell>
                    )}
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={7} sx={{ py: 0, ...(open ? {} : { borderBottom: 'none' }) }}>
                      <Collapse in={open} timeout="auto" unmountOnExit>
                        <MemberDetail member={m} id={`member-detail-${m.id}`} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
            {page && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={7}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="members-empty">
                    {label('app.mm.empty')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={page?.totalCount ?? 0}
        page={page ? pageIndex : 0}
        onPageChange={(_, p) => onPageChange(p)}
        rowsPerPage={LIMITS.memberPageSize}
        rowsPerPageOptions={[]}
        labelDisplayedRows={({ from, to, count }) => label('app.table.displayed-rows', { from: String(from), to: String(to), count: String(count) })}
        getItemAriaLabel={(type) => label(`app.table.page.${type}`)}
        data-testid="members-pagination"
      />
    </Paper>
  );
}
