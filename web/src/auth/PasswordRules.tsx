import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import { useIntl } from 'react-intl';
import { unmetPasswordRules } from '@fieldbook/domain';

/** Lists every rule the new password still misses (spec 1 §5: the change dialog lists unmet rules). */
export function PasswordRules({ password }: { password: string }) {
  const intl = useIntl();
  const unmet = unmetPasswordRules(password);
  if (unmet.length === 0) {
    return (
      <Box
        sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'success.main', mt: 0.5 }}
        data-testid="password-rules-met"
      >
        <CheckCircleOutline fontSize="small" />
        <Typography variant="body2">{intl.formatMessage({ id: 'app.password-reqs.all-met' })}</Typography>
      </Box>
    );
  }
  return (
    <List
      dense
      disablePadding
      aria-label={intl.formatMessage({ id: 'app.password-reqs.title' })}
      data-testid="password-rules"
    >
      {unmet.map((id) => (
        <ListItem key={id} disableGutters sx={{ py: 0 }}>
          <ListItemIcon sx={{ minWidth: 28, color: 'text.secondary' }}>
            <RemoveCircleOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={intl.formatMessage({ id })}
            slotProps={{ primary: { variant: 'body2', color: 'text.secondary' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
