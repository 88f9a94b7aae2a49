import { Box, Button, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { BlockingScreen } from './BlockingScreen';
import { OrganizationSelect } from './OrganizationSelect';

/** An inactive account is blocked from the app (spec 1 §2.2); it can sign out or pick another organization. */
export function InactiveUserScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <BlockingScreen
      title={intl.formatMessage({ id: 'app.inactive.title' })}
      actions={
        <Button variant="contained" onClick={() => navigate('/signout')} data-testid="inactive-logout">
          {intl.formatMessage({ id: 'app.signout' })}
        </Button>
      }
    >
      <Typography>{intl.formatMessage({ id: 'app.inactive.body' })}</Typography>
      {/* Inactive here may still mean active in another of the user's organizations. */}
      <Box sx={{ mt: 3, maxWidth: 360 }}>
        <OrganizationSelect />
      </Box>
    </BlockingScreen>
  );
}
