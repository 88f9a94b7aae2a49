import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useOutletContext } from 'react-router';
import type { SettingsGroup } from './menu-model';
import { PageHeader } from './PageHeader';

/** /settings/home: one card per settings section the user may see. */
export function SettingsHome() {
  const intl = useIntl();
  const groups = useOutletContext<SettingsGroup[]>();
  const label = (id: string) => intl.formatMessage({ id });
  const pages = groups.flatMap((g) => g.pages).filter((p) => p.descriptionId);

  return (
    <>
      <PageHeader title={label('app.settings.home.title')} subtitle={label('app.settings.home.subtitle')} />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
      >
        {pages.map((page) => {
          const Icon = page.icon;
          return (
            <Card key={page.id} variant="outlined" data-testid={`settings-card-${page.id}`}>
              <CardActionArea component={RouterLink} to={`/settings/${page.path}`} sx={{ height: '100%' }}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                  <Box
                    aria-hidden
                    sx={{ p: 1, borderRadius: 2, bgcolor: 'action.selected', color: 'primary.main', display: 'flex' }}
                  >
                    <Icon />
                  </Box>
                  <Box>
                    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                      {label(page.labelId)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {label(page.descriptionId as string)}
                    </Typography>
                  </Box>
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
    </>
  );
}
