import { useState } from 'react';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import {
  dictionariesApi,
  useDictionaries,
  useDictionaryMutation,
  useProjectSummaries,
  type DictionarySummary,
} from '../../../api/dictionaries';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { useSettingsAccess } from '../../access';
import { PageHeader } from '../../PageHeader';
import { CreateDictionaryDialog } from './CreateDictionaryDialog';
import { DictionaryBreadcrumbs } from './DictionaryBreadcrumbs';
import { DictionaryList, Section } from './DictionaryLists';
import { snackError, snackSuccess } from './feedback';
import { DASHBOARD_PATH, VIEW_PATH } from './paths';

/** A dictionary of a project, or assigned to any project, cannot be deleted (spec 2 §2). */
export const deleteBlocked = (d: DictionarySummary) => Boolean(d.projectId) || d.assignedProjectIds.length > 0;

/**
 * /settings/data/dictionary/company: provider templates (collapsed), the company templates with
 * admin-only add and delete, and the projects with their dictionaries (open).
 */
export function CompanyDictionariesPage() {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const access = useSettingsAccess();
  const admin = Boolean(access?.isOrgAdmin);
  const dictionaries = useDictionaries();
  const projects = useProjectSummaries();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<DictionarySummary | null>(null);
  const remove = useDictionaryMutation((id: string) => dictionariesApi.remove(id));

  const all = dictionaries.data ?? [];
  const providers = all.filter((d) => d.organizationId === null);
  const company = all.filter((d) => d.organizationId !== null && !d.projectId);
  const byId = new Map(all.map((d) => [d.id, d]));

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        snackSuccess('app.dictionary.deleted.success', { name: deleting.name });
        setDeleting(null);
      },
      onError: (e) => {
        snackError(e);
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <DictionaryBreadcrumbs
        trail={[
          { label: label('app.dictionary.dashboard.title'), to: DASHBOARD_PATH },
          { label: label('app.dictionary.company-dictionaries') },
        ]}
      />
      <PageHeader
        title={label('app.dictionary.company-dictionaries')}
        subtitle={label('app.dictionary.company-dictionaries.description')}
      />

      <Section
        title={label('app.dictionary.provider-templates')}
        count={dictionaries.data ? providers.length : undefined}
        collapsible
        defaultOpen={false}
        testId="company-provider-section"
      >
        <DictionaryList
          items={providers}
          loading={dictionaries.isPending}
          emptyId="app.dictionary.none"
          testId="company-provider-list"
        />
      </Section>

      <Section
        title={label('app.dictionary.company-templates')}
        count={dictionaries.data ? company.length : undefined}
        testId="company-templates-section"
        action={
          admin && (
            <Button startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="company-add">
              {label('app.dictionary.add')}
            </Button>
          )
        }
      >
        <DictionaryList
          items={company}
          loading={dictionaries.isPending}
          emptyId="app.dictionary.company.none"
          testId="company-list"
          actions={
            admin
              ? (d) => {
                  const blocked = deleteBlocked(d);
                  return (
                    <Tooltip title={label(blocked ? 'app.dictionary.delete.blocked' : 'app.dictionary.delete')}>
                      <span>
                        <IconButton
                          edge="end"
                          aria-label={intl.formatMessage({ id: 'app.dictionary.delete.aria' }, { name: d.name })}
                          disabled={blocked}
                          onClick={() => setDeleting(d)}
                          data-testid="dictionary-delete"
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  );
                }
              : undefined
          }
        />
      </Section>

      <Section
        title={label('app.dictionary.projects')}
        count={projects.data?.length}
        collapsible
        defaultOpen
        testId="company-projects-section"
      >
        {projects.isPending ? (
          <Box sx={{ p: 2 }}>
            <Skeleton height={40} />
          </Box>
        ) : (projects.data ?? []).length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }} data-testid="company-projects-empty">
            {label('app.dictionary.projects.none')}
          </Typography>
        ) : (
          <List disablePadding data-testid="company-projects">
            {(projects.data ?? []).map((p) => {
              const dictionary = p.dataDictionaryId ? byId.get(p.dataDictionaryId) : undefined;
              return (
                <ListItem key={p.id} disablePadding divider data-testid="project-row" data-name={p.name}>
                  {dictionary ? (
                    <ListItemButton onClick={() => navigate(VIEW_PATH, { state: { dictionaryId: dictionary.id } })}>
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <FolderOutlinedIcon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText primary={p.name} secondary={dictionary.name} data-testid="project-dictionary" />
                    </ListItemButton>
                  ) : (
                    <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, width: '100%' }}>
                      <ListItemIcon sx={{ minWidth: 40 }}>
                        <FolderOutlinedIcon fontSize="small" />
                      </ListItemIcon>
                      <ListItemText
                        primary={p.name}
                        secondary={label('app.dictionary.projects.not-assigned')}
                        slotProps={{ secondary: { sx: { fontStyle: 'italic' } } }}
                        data-testid="project-not-assigned"
                      />
                    </Box>
                  )}
                </ListItem>
              );
            })}
          </List>
        )}
      </Section>

      <CreateDictionaryDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={label('app.dictionary.delete.title')}
        confirmLabel={label('app.dictionary.delete')}
        danger
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        testId="dictionary-delete-dialog"
      >
        {intl.formatMessage({ id: 'app.dictionary.delete.confirm' }, { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
