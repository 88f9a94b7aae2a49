import { useState } from 'react';
import { AppBar, Box, Chip, Drawer, IconButton, Toolbar, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { LIMITS } from '@fieldbook/domain';
import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { useCurrentAccount } from '../api/accounts';
import { UserMenu } from '../app/UserMenu';
import { useSettingsAccess } from './access';
import { visibleMenu } from './menu';
import { SettingsNav } from './SettingsNav';

const width = LIMITS.settingsDrawerWidth;

/**
 * /settings/*: 300 px side drawer, permanent on wide screens and a hamburger-opened overlay on small
 * ones; the top bar names the organization when it is not the user's own.
 */
export function SettingsShell() {
  const intl = useIntl();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const organization = useCurrentAccount().data?.organization;
  const access = useSettingsAccess();
  // Working in another organization than one's own is shown next to the title (spec 1 §2.3).
  const otherOrganization = organization && !organization.DEFAULT ? organization.name : null;
  const paper = { sx: { width, boxSizing: 'border-box' as const } };

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      {wide ? (
        <Drawer
          variant="permanent"
          open
          sx={{ width, flexShrink: 0 }}
          slotProps={{ paper }}
          data-testid="settings-drawer"
        >
          <SettingsNav />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          slotProps={{ paper }}
          data-testid="settings-drawer"
        >
          <SettingsNav onNavigate={() => setMobileOpen(false)} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 1 }}>
            {!wide && (
              <IconButton
                edge="start"
                aria-label={intl.formatMessage({ id: 'app.settings.open-menu' })}
                onClick={() => setMobileOpen(true)}
                data-testid="settings-menu-button"
              >
                <MenuIcon />
              </IconButton>
            )}
            <Typography variant="h6" component="div" noWrap sx={{ flexShrink: 0 }}>
              {intl.formatMessage({ id: 'app.settings' })}
            </Typography>
            <Box sx={{ flex: 1, minWidth: 0, display: 'flex' }}>
              {otherOrganization && (
                <Tooltip title={intl.formatMessage({ id: 'app.org.working-in' }, { name: otherOrganization })}>
                  <Chip
                    icon={<BusinessOutlinedIcon />}
                    label={otherOrganization}
                    color="secondary"
                    variant="outlined"
                    aria-label={intl.formatMessage({ id: 'app.org.working-in' }, { name: otherOrganization })}
                    data-testid="current-org-chip"
                    sx={{ maxWidth: '100%', ml: 1 }}
                  />
                </Tooltip>
              )}
            </Box>
            <UserMenu />
          </Toolbar>
        </AppBar>
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3, md: 4 }, width: '100%', maxWidth: 1040 }}>
          {/* The home page lists the sections the drawer lists; it gets them from here rather than importing the menu that routes to it. */}
          <Outlet context={access ? visibleMenu(access) : []} />
        </Box>
      </Box>
    </Box>
  );
}
