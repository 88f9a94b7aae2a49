import { Alert, Box, Tab, Tabs } from '@mui/material';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useCurrentAccount } from '../../api/accounts';
import { errorMessageOf } from '../../api/client';
import { CenteredProgress } from '../../app/CenteredProgress';
import { useT } from '../../i18n/translate';
import { useSettingsAccess } from '../access';
import { PageHeader } from '../PageHeader';
import { ChildrenTab } from './ChildrenTab';
import { OrganizationInfoTab } from './OrganizationInfoTab';
import { SharingTab } from './SharingTab';
import { SubscriptionTab } from './SubscriptionTab';

type TabId = 'info' | 'permissions' | 'subscription' | 'children';

/**
 * …/manage-organization (spec 1 §2.6): Info; Permissions (sharing, org admins with organizations
 * enabled); Subscription (card-provider customers, own organization); Children (admins of a
 * top-level organization with organizations enabled). `?tab=` selects a tab.
 */
export function ManageOrganizationPage() {
  const intl = useIntl();
  const t = useT();
  const access = useSettingsAccess();
  const account = useCurrentAccount();
  const [params, setParams] = useSearchParams();
  const label = (id: string) => intl.formatMessage({ id });
  const org = account.data?.organization;

  const tabs: { id: TabId; labelId: string; shown: boolean }[] = [
    { id: 'info', labelId: 'app.org.tab.info', shown: true },
    {
      id: 'permissions',
      labelId: 'app.org.tab.permissions',
      shown: Boolean(access?.isOrgAdmin && access.organizationsEnabled),
    },
    {
      id: 'subscription',
      labelId: 'app.org.tab.subscription',
      shown: Boolean(org?.stripeCustomerId && org.paymentMethod === 1 && org.DEFAULT),
    },
    {
      id: 'children',
      labelId: 'app.org.tab.children',
      shown: Boolean(access?.isOrgAdmin && access.organizationsEnabled && !org?.parent),
    },
  ];
  const visible = tabs.filter((tab) => tab.shown);
  const requested = params.get('tab') as TabId | null;
  const current: TabId = visible.some((tab) => tab.id === requested) ? (requested as TabId) : 'info';
  const select = (id: TabId) =>
    setParams(
      (p) => {
        if (id === 'info') p.delete('tab');
        else p.set('tab', id);
        return p;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={label('app.settings.manage-organization')}
        // The name is a read-only subtitle, except for plus organizations (spec 1 §2.6).
        subtitle={org && !access?.isPlus ? org.name : undefined}
      />
      {account.isError && <Alert severity="error">{t(errorMessageOf(account.error))}</Alert>}
      {account.isPending && <CenteredProgress label={label('app.loading')} />}
      {org && access && (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
            <Tabs
              value={current}
              onChange={(_, v: TabId) => select(v)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label={label('app.settings.manage-organization')}
            >
              {visible.map((tab) => (
                <Tab
                  key={tab.id}
                  value={tab.id}
                  label={label(tab.labelId)}
                  data-testid={`org-tab-${tab.id}`}
                  id={`org-tab-${tab.id}`}
                  aria-controls={`org-tabpanel-${tab.id}`}
                />
              ))}
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`org-tabpanel-${current}`} aria-labelledby={`org-tab-${current}`}>
            {current === 'info' && (
              <OrganizationInfoTab organization={org} canEdit={access.isOrgAdmin} isPlus={access.isPlus} />
            )}
            {current === 'permissions' && <SharingTab organization={org} />}
            {current === 'subscription' && <SubscriptionTab organization={org} />}
            {current === 'children' && <ChildrenTab organization={org} />}
          </Box>
        </>
      )}
    </>
  );
}
