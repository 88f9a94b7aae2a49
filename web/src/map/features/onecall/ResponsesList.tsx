import { Box, CircularProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import type { OneCallTicket } from '@fieldbook/domain';
import { useT } from '../../../i18n/translate';
import { useTicketResponses } from './onecall-api';

/** The positive-responses sub-tab (spec 3 §2): every response sent for the ticket, newest first. */
export function ResponsesList({ ticket }: { ticket: OneCallTicket }) {
  const intl = useIntl();
  const t = useT();
  const responses = useTicketResponses(ticket.ticketNumber, ticket.projectId);
  if (responses.isLoading)
    return <CircularProgress size={24} sx={{ m: 2 }} aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  if (responses.isError)
    return (
      <Typography color="error" sx={{ p: 2 }}>
        {t(responses.error.message)}
      </Typography>
    );
  const list = responses.data?.responses ?? [];
  if (list.length === 0)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {intl.formatMessage({ id: 'app.onecall.responses.empty' })}
      </Typography>
    );
  return (
    <List dense data-testid="onecall-responses" aria-label={intl.formatMessage({ id: 'app.onecall.tab.responses' })}>
      {list.map((r) => (
        <ListItem key={r.id} divider alignItems="flex-start" data-testid="onecall-response">
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {r.mbcode}
                </Box>
                <span>
                  {r.response} – {intl.formatMessage({ id: `app.onecall.code.${r.response}` })}
                </span>
              </Stack>
            }
            secondary={
              <>
                {r.comments && (
                  <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
                    {r.comments}
                  </Typography>
                )}
                <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                  {intl.formatMessage(
                    { id: 'app.onecall.responses.by' },
                    {
                      status: r.status,
                      when: intl.formatDate(r.responded, { dateStyle: 'medium', timeStyle: 'short' }),
                      who: r.response_by ?? '—',
                    },
                  )}
                </Typography>
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
