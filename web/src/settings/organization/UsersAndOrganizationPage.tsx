import type { ReactNode } from 'react';
import { Box, Button, Card, CardActions, CardContent, Skeleton, Typography } from '@mui/material';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { isAtLeastViewer, type Organization } from '@fieldbook/domain';
import { useMemberCount } from '../../api/members';
import { useSettingsAccess } from '../access';
import { PageHeader } from '../PageHeader';

/** The address as lines, empty parts left out. */
export function addressLines(org: Organization): string[] {
  const cityLine = [org.city, [org.state, org.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [org.address1, org.address2, cityLine].filter((l): l is string => Boolean(l && l.trim()));
}

function SummaryCard({
  icon,
  title,
  children,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      <CardContent sx={{ flex: 1, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{ p: 1, borderRadius: 2, bgcolor: 'action.selected', color: 'primary.main', display: 'flex' }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="h2">
            {title}
          </Typography>
          {children}
        </Box>
      </CardContent>
      {action && <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>}
    </Card>
  );
}

/** /settings/users-and-organization (spec 1 §2.3): the organization and, for viewers and above, the member count. */
export function UsersAndOrganizationPage() {
  const intl = useIntl();
  const access = useSettingsAccess();
  const label = (id: string) => intl.formatMessage({ id });
  const showCount = access ? isAtLeastViewer(access.profile.userType) : false;
  const count = useMemberCount(showCount);
  const org = access?.account?.organization;
  const canManageOrg = Boolean(access?.isOrgViewer && access.isDefaultOrg);

  return (
    <>
      <PageHeader title={label('app.settings.users-and-organization')} subtitle={label('app.uo.subtitle')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        <SummaryCard
          testId="summary-organization"
          icon={<BusinessOutlinedIcon />}
          title={label('app.uo.organization')}
          action={
            canManageOrg && (
              <Button component={RouterLink} to="/settings/users-and-organization/manage-organization">
                {label('app.settings.manage-organization')}
              </Button>
            )
          }
        >
          {org ? (
            <>
              <Typography variant="h6" component="p" data-testid="summary-organization-name">
                {org.name}
              </Typography>
              {addressLines(org).length ? (
                addressLines(org).map((line) => (
                  <Typography key={line} variant="body2" color="text.secondary">
                    {line}
                  </Typography>
                ))
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {label('app.uo.no-address')}
                </Typography>
              )}
            </>
          ) : (
            <Skeleton width={180} />
          )}
        </SummaryCard>
        {showCount && (
          <SummaryCard
            testId="summary-members"
            icon={<GroupOutlinedIcon />}
            title={label('app.uo.members')}
            action={
              <Button component={RouterLink} to="/settings/users-and-organization/manage-members">
                {label('app.settings.manage-members')}
              </Button>
            }
          >
            {count.data ? (
              <Typography variant="h4" component="p" data-testid="summary-member-count">
                {intl.formatNumber(count.data.count)}
              </Typography>
            ) : (
              <Skeleton width={60} height={42} />
            )}
            <Typography variant="body2" color="text.secondary">
              {label('app.uo.members.hint')}
            </Typography>
          </SummaryCard>
        )}
      </Box>
    </>
  );
}
