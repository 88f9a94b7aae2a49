import { useState } from 'react';
import { Box, Button, Chip, CircularProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useIntl } from 'react-intl';
import { ONECALL_MSG } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { useT } from '../../../i18n/translate';
import { isNotFound, useTicketOfFeature } from './onecall-api';
import { PositiveResponseDialog } from './PositiveResponseDialog';
import { ResponsesList } from './ResponsesList';
import { TicketDetails } from './TicketDetails';

/**
 * ONECALL_811 tab (spec 3 §2): for one-call tickets when the organization has positive response on.
 * A ticket sub-tab (the ticket, read-only) and a positive-responses sub-tab, with the positive-response
 * dialog for feature admins.
 */
export function OneCallTab({ feature }: { feature: FeatureOut }) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const ticket = useTicketOfFeature(feature.id);
  const [view, setView] = useState<'ticket' | 'responses'>('ticket');
  const [responding, setResponding] = useState(false);

  if (ticket.isLoading) return <CircularProgress size={24} sx={{ m: 2 }} aria-label={label('app.loading')} />;
  if (!ticket.data)
    return (
      <Typography color="error" sx={{ p: 2 }}>
        {t(isNotFound(ticket.error) ? ONECALL_MSG.ticketNotFound : (ticket.error?.message ?? null))}
      </Typography>
    );
  const data = ticket.data;
  return (
    <Box data-testid="onecall-tab">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, pt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} data-testid="onecall-ticket-number">
          {data.ticketNumber}
        </Typography>
        <Chip size="small" label={data.ticketType} color={data.ticketType === 'EMERGENCY' ? 'error' : 'default'} />
        {data.archived && <Chip size="small" variant="outlined" label={label('app.onecall.ticket.archived')} />}
        <Box sx={{ flex: 1 }} />
        {data.canRespond && !data.archived && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<SendIcon />}
            onClick={() => setResponding(true)}
            data-testid="onecall-respond"
          >
            {label('app.onecall.responses.respond')}
          </Button>
        )}
      </Stack>
      <Tabs
        value={view}
        onChange={(_, v: 'ticket' | 'responses') => setView(v)}
        aria-label={label('app.onecall.tabs')}
        variant="fullWidth"
        sx={{ minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="ticket" label={label('app.onecall.tab.ticket')} sx={{ minHeight: 40 }} />
        <Tab value="responses" label={label('app.onecall.tab.responses')} sx={{ minHeight: 40 }} />
      </Tabs>
      {view === 'ticket' ? <TicketDetails ticket={data} /> : <ResponsesList ticket={data} />}
      <PositiveResponseDialog
        open={responding}
        onClose={() => setResponding(false)}
        projectId={data.projectId}
        ticketNumber={data.ticketNumber}
        onSent={() => setView('responses')}
      />
    </Box>
  );
}
