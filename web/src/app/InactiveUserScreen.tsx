import { Button, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { BlockingScreen } from './BlockingScreen';

/** An inactive account is blocked from the app (spec 1 §2.2); it can only sign out. */
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
    </BlockingScreen>
  );
}
