import { useState } from 'react';
import { Avatar, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useCurrentAccount, useProfile } from '../api/accounts';

function initials(first?: string, last?: string, email?: string) {
  const letters = `${first?.[0] ?? ''}${last?.[0] ?? ''}`.trim();
  return (letters || email?.[0] || '?').toUpperCase();
}

/** Avatar button with the user's name, a settings shortcut and sign-out (map and settings bars). */
export function UserMenu() {
  const intl = useIntl();
  const navigate = useNavigate();
  const account = useCurrentAccount().data;
  const profile = useProfile().data;
  const email = account?.email ?? profile?.email ?? '';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = (id: string) => intl.formatMessage({ id });
  const name = account ? `${account.firstName} ${account.lastName}`.trim() : '';
  const go = (path: string) => {
    setAnchor(null);
    void navigate(path);
  };

  return (
    <>
      <IconButton
        aria-label={label('app.user-menu')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="user-menu-button"
        sx={{ p: 0.5 }}
      >
        <Avatar
          sx={{ width: 34, height: 34, fontSize: 15, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}
        >
          {initials(account?.firstName, account?.lastName, email)}
        </Avatar>
      </IconButton>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          {name && (
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {name}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" noWrap data-testid="user-menu-email">
            {email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem onClick={() => go('/settings/home')}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          {label('app.settings')}
        </MenuItem>
        <MenuItem onClick={() => go('/signout')} data-testid="user-menu-signout">
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {label('app.signout')}
        </MenuItem>
      </Menu>
    </>
  );
}
