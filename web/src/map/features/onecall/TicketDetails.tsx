import { Box, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useIntl } from 'react-intl';
import type { OneCallTicket } from '@fieldbook/domain';

/** The ticket's fields in the order a locator reads a ticket; fields of other centers follow. */
const FIELD_ORDER = [
  'ticket_number',
  'ticket_type',
  'revision',
  'update_of',
  'center',
  'transmitted',
  'work_begin',
  'response_due',
  'expires',
  'excavator',
  'contact',
  'phone',
  'excavator_email',
  'done_for',
  'address',
  'city',
  'county',
  'state',
  'cross_street',
  'work_type',
  'explosives',
  'location',
  'remarks',
  'members_notified',
  'response_to',
];
const rank = (key: string) => (FIELD_ORDER.includes(key) ? FIELD_ORDER.indexOf(key) : FIELD_ORDER.length);

/** The ticket sub-tab (spec 3 §2): the ticket's fields as its center sent them, read-only. */
export function TicketDetails({ ticket }: { ticket: OneCallTicket }) {
  const intl = useIntl();
  const labelOf = (key: string) =>
    intl.messages[`app.onecall.field.${key}`] ? intl.formatMessage({ id: `app.onecall.field.${key}` }) : key;
  const fields = Object.entries({ ...ticket.fields, members_notified: ticket.members_notified.replace(/,/g, ', ') })
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  return (
    <Box data-testid="onecall-ticket">
      <Table size="small" aria-label={intl.formatMessage({ id: 'app.onecall.tab.ticket' })}>
        <TableBody>
          {fields.map(([key, value]) => (
            <TableRow key={key}>
              <TableCell
                component="th"
                scope="row"
                sx={{ color: 'text.secondary', width: '40%', verticalAlign: 'top' }}
              >
                {labelOf(key)}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
