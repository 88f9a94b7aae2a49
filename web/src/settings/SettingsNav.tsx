import { useState } from 'react';
import {
  Box,
  Button,
  Collapse,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../app/BrandMark';
import { OrganizationSelect } from '../app/OrganizationSelect';
import { useSettingsAccess } from './access';
import { visibleActions, visibleMenu } from './menu';
import { useRunSettingsAction } from './settings-actions';

/** Drawer content: return-to-app and the organization, the collapsible groups, then the action entries. */
export function SettingsNav({ onNavigate }: { onNavigate?: () => void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const access = useSettingsAccess();
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const label = (id: string) => intl.formatMessage({ id });
  const groups = access ? visibleMenu(access) : [];
  // The entry of the page shown, or of the section a sub-page (dictionary view, style editor) belongs to.
  const activePath = groups
    .flatMap((g) => g.pages.map((p) => `/settings/${p.path}`))
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.length - a.length)[0];
  const actions = access ? visibleActions(access) : [];
  const run = useRunSettingsAction();

  return (
    <Box
      component="nav"
      aria-label={label('app.settings.menu')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <Box sx={{ px: 2, pt: 2, pb: 1.5 }}>
        <BrandMark size="small" />
        <Typography variant="overline" color="text.secondary" sx={{ display: 'block', mt: 1, lineHeight: 1.5 }}>
          {label('app.settings')}
        </Typography>
      </Box>
      <Box sx={{ px: 2, pb: 1.5 }}>
        <Button
          variant="outlined"
          fullWidth
          startIcon={<ArrowBackIcon />}
          onClick={() => {
            onNavigate?.();
            void navigate('/index.html');
          }}
          data-testid="return-to-app"
        >
          {label('app.settings.return-to-app')}
        </Button>
        <Box sx={{ mt: 2 }}>
          <OrganizationSelect />
        </Box>
      </Box>
      <Divider />
      <List component="div" sx={{ flex: 1, overflowY: 'auto' }}>
        {groups.map((group) => {
          const open = !collapsed[group.id];
          const listId = `settings-group-${group.id}`;
          return (
            <Box key={group.id}>
              <ListItemButton
                onClick={() => setCollapsed((c) => ({ ...c, [group.id]: open }))}
                aria-expanded={open}
                aria-controls={listId}
              >
                <ListItemText primary={label(group.labelId)} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                {open ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={open} timeout="auto" unmountOnExit>
                <List component="div" id={listId} disablePadding>
                  {group.pages.map((page) => {
                    const to = `/settings/${page.path}`;
                    const Icon = page.icon;
                    return (
                      <ListItemButton
                        key={page.id}
                        component={RouterLink}
                        to={to}
                        selected={to === activePath}
                        aria-current={to === activePath ? 'page' : undefined}
                        onClick={onNavigate}
                        sx={{ pl: 3 }}
                        data-testid={`settings-nav-${page.id}`}
                      >
                        <ListItemIcon sx={{ minWidth: 40 }}>
                          <Icon fontSize="small" />
                        </ListItemIcon>
                        <ListItemText primary={label(page.labelId)} />
                      </ListItemButton>
                    );
                  })}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
      {actions.length > 0 && (
        <>
          <Divider />
          <List component="div" dense aria-label={label('app.settings.more')}>
            {actions.map((action) => {
              const Icon = action.icon;
              return (
                <ListItemButton
                  key={action.id}
                  onClick={() => {
                    onNavigate?.();
                    run(action.id);
                  }}
                  data-testid={`settings-action-${action.id}`}
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={label(action.labelId)} />
                </ListItemButton>
              );
            })}
          </List>
        </>
      )}
    </Box>
  );
}
