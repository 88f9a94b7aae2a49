import { Box, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import type { Member } from '@fieldbook/domain';
import { formatLongDateTime } from '../../app/dates';
import { userTypeLabelId } from './member-format';

const statusLabelId = (member: Member) =>
  !member.isActive
    ? 'app.mm.status.inactive'
    : member.invitationPending
      ? 'app.mm.status.invited'
      : 'app.mm.status.active';

/** The expandable detail of a member row: type, renewal, created date ('MMMM Do, YYYY, hh:mm A'), RTK id. */
export function MemberDetail({ member, id }: { member: Member; id: string }) {
  const intl = useIntl();
  const label = (key: string) => intl.formatMessage({ id: key });
  const items: [string, string, string][] = [
    ['app.mm.column.email', member.email, 'detail-email'],
    ['app.mm.detail.type', label(userTypeLabelId(member.userType)), 'detail-type'],
    ['app.mm.column.status', label(statusLabelId(member)), 'detail-status'],
    ['app.mm.detail.renew', label(member.renew ? 'app.yes' : 'app.no'), 'detail-renew'],
    ['app.mm.detail.created', formatLongDateTime(member.createdDt, intl.locale), 'detail-created'],
  ];
  if (member.rtkInfo.id) items.push(['app.mm.detail.rtk', member.rtkInfo.id, 'detail-rtk']);

  return (
    <Box
      id={id}
      component="dl"
      data-testid="member-detail"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        gap: 1.5,
        m: 0,
        py: 2,
        px: { xs: 0.5, sm: 7 },
      }}
    >
      {items.map(([labelId, value, testId]) => (
        <Box key={labelId} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label(labelId)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
