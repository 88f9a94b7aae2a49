import { Avatar, Box, Chip, TableCell, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { LIMITS, type Member } from '@fieldbook/domain';
import type { MemberPage, MemberQuery } from '../../api/members';
import { formatShortDate } from '../../app/dates';
import { PagedTable, type PagingProps, useSortHeader } from '../../app/PagedTable';
import { visuallyHidden } from '../../app/visually-hidden';
import { MemberActions } from './MemberActions';
import { MemberDetail } from './MemberDetail';
import { avatarColour, fullName, initials, userTypeLabelId, type MemberAction } from './member-format';

type Sort = Pick<MemberQuery, 'sort' | 'order'>;

interface Props extends PagingProps {
  page: MemberPage | undefined;
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
export function MembersTable({ page, sort, onSortChange, selfId, isAdmin, isPlus, onAction, ...paging }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const header = useSortHeader(sort, onSortChange, 'members-sort');

  return (
    <PagedTable
      rows={page?.data}
      totalCount={page?.totalCount}
      pageSize={LIMITS.memberPageSize}
      {...paging}
      names={{ plural: 'members', singular: 'member' }}
      labelIds={{ table: 'app.mm.table', details: 'app.mm.details', empty: 'app.mm.empty' }}
      colSpan={7}
      headerCells={
        <>
          {header('name', 'app.mm.column.name')}
          {header('email', 'app.mm.column.email', fromSm)}
          {header('userType', 'app.mm.column.type')}
          {header('createdDt', 'app.mm.column.created', { ...fromLg, whiteSpace: 'nowrap' })}
          {isAdmin && (
            <TableCell align="right">
              <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
                {label('app.mm.column.actions')}
              </Box>
              <Box component="span" sx={{ ...visuallyHidden, display: { md: 'none' } }}>
                {label('app.mm.column.actions')}
              </Box>
            </TableCell>
          )}
        </>
      }
      rowTestId={(m) => m.email}
      expandLabel={(m) => label('app.mm.details.toggle', { name: fullName(m) })}
      renderDetail={(m, id) => <MemberDetail member={m} id={id} />}
      renderCells={(m) => (
        <>
          <TableCell sx={{ maxWidth: { xs: 160, sm: 240 }, opacity: m.isActive ? 1 : 0.75 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
              <Avatar
                aria-hidden
                sx={{
                  width: 32,
                  height: 32,
                  fontSize: 14,
                  bgcolor: avatarColour(m.id),
                  color: '#fff',
                  display: { xs: 'none', sm: 'flex' },
                }}
              >
                {initials(m)}
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap sx={{ fontWeight: 500 }} data-testid="member-name">
                  {fullName(m)}
                  {m.id === selfId && (
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                    >{` ${label('app.mm.you')}`}</Typography>
                  )}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  noWrap
                  component="div"
                  sx={{ display: { sm: 'none' } }}
                >
                  {m.email}
                </Typography>
                {!m.isActive && (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={label('app.mm.status.inactive')}
                    sx={{ mt: 0.25, height: 20 }}
                    data-testid="member-inactive"
                  />
                )}
                {m.isActive && m.invitationPending && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="info"
                    label={label('app.mm.status.invited')}
                    sx={{ mt: 0.25, height: 20 }}
                    data-testid="member-invited"
                  />
                )}
              </Box>
            </Box>
          </TableCell>
          <TableCell
            sx={{ ...fromSm, maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {m.email}
          </TableCell>
          <TableCell data-testid="member-type">{label(userTypeLabelId(m.userType))}</TableCell>
          <TableCell sx={{ ...fromLg, whiteSpace: 'nowrap' }}>{formatShortDate(m.createdDt, intl.locale)}</TableCell>
          {isAdmin && (
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5, pr: { xs: 0.5, sm: 1 } }}>
              <MemberActions member={m} selfId={selfId} isPlus={isPlus} onAction={onAction} />
            </TableCell>
          )}
        </>
      )}
    />
  );
}
