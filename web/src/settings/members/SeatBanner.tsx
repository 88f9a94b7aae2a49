import { useId, useState } from 'react';
import { Alert, Box, Button, Divider, LinearProgress, Popover, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { seatBannerSeverity, type SeatSummary } from '@fieldbook/domain';

function bannerMessage(seats: SeatSummary): [string, Record<string, number>] {
  const { used, limit, remaining } = seats;
  if (limit === null || remaining === null) return ['app.mm.seats.unlimited', { used }];
  if (remaining > 0) return ['app.mm.seats.available', { remaining, limit }];
  if (remaining === 0) return ['app.mm.seats.none-left', { limit }];
  return ['app.mm.seats.over', { over: -remaining, limit }];
}

/**
 * Seat banner of spec 1 §2.5 — info while seats remain, warning at zero, error when over — with
 * the "seats in use" popup: used versus limit, by type, and RTK seats.
 */
export function SeatBanner({ seats }: { seats: SeatSummary | undefined }) {
  const intl = useIntl();
  const titleId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!seats) return null;
  const label = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id }, values);
  const [messageId, values] = bannerMessage(seats);
  const info = seats.limits.userInfo;
  const rows: [string, number, number | undefined][] = [
    ['app.mm.seats.viewers', seats.byType.viewers, info?.viewers],
    ['app.mm.seats.editors', seats.byType.editors, info?.editors],
    ['app.mm.seats.data-collectors', seats.byType.dataCollectors, info?.dataCollectors],
  ];

  return (
    <>
      <Alert
        severity={seatBannerSeverity(seats.remaining)}
        sx={{ mb: 2, alignItems: 'center' }}
        data-testid="seat-banner"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-haspopup="dialog"
            data-testid="seats-in-use"
          >
            {label('app.mm.seats.in-use')}
          </Button>
        }
      >
        {label(messageId, values)}
      </Alert>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { p: 2, width: 300, maxWidth: 'calc(100vw - 32px)' },
          } as object,
        }}
      >
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {label('app.mm.seats.in-use')}
        </Typography>
        <Typography variant="h5" component="p" sx={{ my: 1 }} data-testid="seats-used">
          {seats.limit === null
            ? label('app.mm.seats.used-unlimited', { used: seats.used })
            : label('app.mm.seats.used-of', { used: seats.used, limit: seats.limit })}
        </Typography>
        {seats.limit !== null && (
          <LinearProgress
            variant="determinate"
            value={Math.min(100, seats.limit ? (seats.used / seats.limit) * 100 : 100)}
            color={seatBannerSeverity(seats.remaining)}
            aria-label={label('app.mm.seats.in-use')}
            sx={{ mb: 1.5, height: 6, borderRadius: 3 }}
          />
        )}
        <Divider sx={{ mb: 1 }} />
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, columnGap: 2, m: 0 }}>
          {rows.map(([id, used, limit]) => (
            <Box key={id} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label(id)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                {limit === undefined ? used : label('app.mm.seats.used-of', { used, limit })}
              </Typography>
            </Box>
          ))}
          {info?.powerUsers !== undefined && (
            <Box sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label('app.mm.seats.power-users')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
                {info.powerUsers}
              </Typography>
            </Box>
          )}
          <Box sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label('app.mm.seats.rtk')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }} data-testid="seats-rtk">
              {label('app.mm.seats.used-of', { used: seats.byType.rtk, limit: seats.limits.rtkSeats })}
            </Typography>
          </Box>
        </Box>
      </Popover>
    </>
  );
}
