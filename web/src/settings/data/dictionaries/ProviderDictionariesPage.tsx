import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useIntl } from 'react-intl';
import { useDictionaries } from '../../../api/dictionaries';
import { useSettingsAccess } from '../../access';
import { PageHeader } from '../../PageHeader';
import { CreateDictionaryDialog } from './CreateDictionaryDialog';
import { DictionaryBreadcrumbs } from './DictionaryBreadcrumbs';
import { DictionaryList, Section } from './DictionaryLists';
import { DASHBOARD_PATH } from './paths';

/** /settings/data/dictionary/prostar: the provider templates, read-only; admins may start a dictionary from one. */
export function ProviderDictionariesPage() {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const access = useSettingsAccess();
  const dictionaries = useDictionaries();
  const [template, setTemplate] = useState<string | null>(null);
  const providers = (dictionaries.data ?? []).filter((d) => d.organizationId === null);

  return (
    <>
      <DictionaryBreadcrumbs
        trail={[
          { label: label('app.dictionary.dashboard.title'), to: DASHBOARD_PATH },
          { label: label('app.dictionary.provider-templates') },
        ]}
      />
      <PageHeader
        title={label('app.dictionary.provider-templates')}
        subtitle={label('app.dictionary.provider-templates.description')}
      />
      <Section
        title={label('app.dictionary.provider-templates')}
        count={dictionaries.data ? providers.length : undefined}
        testId="provider-section"
      >
        <DictionaryList
          items={providers}
          loading={dictionaries.isPending}
          emptyId="app.dictionary.none"
          testId="provider-list"
          actions={
            access?.isOrgAdmin
              ? (d) => (
                  <Tooltip title={label('app.dictionary.use-template')}>
                    <IconButton
                      edge="end"
                      aria-label={intl.formatMessage({ id: 'app.dictionary.use-template.aria' }, { name: d.name })}
                      onClick={() => setTemplate(d.id)}
                      data-testid="dictionary-use-template"
                    >
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )
              : undefined
          }
        />
      </Section>
      <CreateDictionaryDialog
        open={template !== null}
        templateId={template ?? undefined}
        onClose={() => setTemplate(null)}
      />
    </>
  );
}
