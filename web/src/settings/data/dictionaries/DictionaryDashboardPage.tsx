import { useState } from 'react';
import { Box, Button, Card, CardActionArea, CardContent, Paper, Stack, Typography } from '@mui/material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { useDictionaries } from '../../../api/dictionaries';
import { useSettingsAccess } from '../../access';
import { PageHeader } from '../../PageHeader';
import { CreateDictionaryDialog } from './CreateDictionaryDialog';
import { COMPANY_PATH, PROVIDER_PATH } from './paths';

/** /settings/data/dictionary: welcome, Get started (new dictionary) and the two lists (spec 2 §2). */
export function DictionaryDashboardPage() {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const access = useSettingsAccess();
  const dictionaries = useDictionaries();
  const [creating, setCreating] = useState(false);
  const providerCount = dictionaries.data?.filter((d) => d.organizationId === null).length;
  const companyCount = dictionaries.data?.filter((d) => d.organizationId !== null && !d.projectId).length;

  return (
    <>
      <PageHeader
        title={label('app.dictionary.dashboard.title')}
        subtitle={label('app.dictionary.dashboard.subtitle')}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {label('app.dictionary.welcome.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {label('app.dictionary.welcome.text')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {label('app.dictionary.welcome.structure')}
        </Typography>
        {access?.isOrgAdmin ? (
          <Button
            variant="contained"
            startIcon={<RocketLaunchOutlinedIcon />}
            onClick={() => setCreating(true)}
            data-testid="dictionary-get-started"
          >
            {label('app.dictionary.get-started')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="dictionary-admin-note">
            {label('app.dictionary.admin-only-note')}
          </Typography>
        )}
      </Paper>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
        <LinkCard
          to={PROVIDER_PATH}
          icon={AccountTreeOutlinedIcon}
          title={label('app.dictionary.provider-templates')}
          text={label('app.dictionary.provider-templates.description')}
          count={providerCount}
          testId="dictionary-link-provider"
        />
        <LinkCard
          to={COMPANY_PATH}
          icon={ApartmentOutlinedIcon}
          title={label('app.dictionary.company-dictionaries')}
          text={label('app.dictionary.company-dictionaries.description')}
          count={companyCount}
          testId="dictionary-link-company"
        />
      </Box>
      <CreateDictionaryDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

interface LinkCardProps {
  to: string;
  icon: SvgIconComponent;
  title: string;
  text: string;
  count: number | undefined;
  testId: string;
}

function LinkCard({ to, icon: Icon, title, text, count, testId }: LinkCardProps) {
  const intl = useIntl();
  return (
    <Card variant="outlined">
      <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }} data-testid={testId}>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box
            aria-hidden
            sx={{ p: 1, borderRadius: 2, bgcolor: 'action.selected', color: 'primary.main', display: 'flex' }}
          >
            <Icon />
          </Box>
          <Stack spacing={0.5}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {text}
            </Typography>
            {count !== undefined && (
              <Typography variant="caption" color="text.secondary">
                {intl.formatMessage({ id: 'app.dictionary.count' }, { count })}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
