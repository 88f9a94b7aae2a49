import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import type { Organization } from '@fieldbook/domain';

/**
 * Subscription tab (spec 1 §2.6), shown to card-provider customers (payment method 1) on their own
 * organization. Billing arrives later: this shows only what the organization record holds.
 */
export function SubscriptionTab({ organization }: { organization: Organization }) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const seats = organization.maxUsers;
  const items: [string, string][] = [
    ['app.org.subscription.method', label('app.org.subscription.method.card')],
    ['app.org.subscription.customer', organization.stripeCustomerId ?? ''],
    [
      'app.org.subscription.seats',
      seats === null ? label('app.org.subscription.seats.unlimited') : intl.formatNumber(seats),
    ],
    ['app.org.subscription.rtk', intl.formatNumber(organization.rtkInfo.seats)],
  ];
  return (
    <Card variant="outlined">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
            columnGap: 3,
            rowGap: 1,
            m: 0,
          }}
        >
          {items.map(([id, value]) => (
            <Box key={id} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label(id)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Alert severity="info" sx={{ mt: 3 }}>
          {label('app.org.subscription.later')}
        </Alert>
      </CardContent>
    </Card>
  );
}
