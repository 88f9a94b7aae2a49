import { useMemo, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddLocationAltOutlinedIcon from '@mui/icons-material/AddLocationAltOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useIntl } from 'react-intl';
import { DATA_MSG } from '@fieldbook/domain';
import { errorMessageOf } from '../../../api/client';
import { flagOn } from '../../../api/functionality-flags';
import { useDeleteSite, useProjectSummaries, useSites, type Site } from '../../../api/sites';
import { actionCallbacks } from '../../../app/action-feedback';
import { CenteredProgress } from '../../../app/CenteredProgress';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { useT } from '../../../i18n/translate';
import { useSettingsAccess } from '../../access';
import { PageHeader } from '../../PageHeader';
import { SiteDialog } from './SiteDialog';

/**
 * /settings/data/manage-sites (spec 2 §2 Manage sites): the site calibrations with edit and delete
 * for admins (a calibration used by a project cannot be deleted), and the projects with theirs.
 */
export function ManageSitesPage() {
  const intl = useIntl();
  const t = useT();
  const access = useSettingsAccess();
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const isAdmin = access?.isOrgAdmin ?? false;
  const flag = flagOn(access?.account, 'siteCalibration');
  const sites = useSites(flag === true);
  const projects = useProjectSummaries(flag === true);
  const remove = useDeleteSite();
  const [dialog, setDialog] = useState<{ open: boolean; site: Site | null }>({ open: false, site: null });
  const [deleting, setDeleting] = useState<Site | null>(null);
  const [shownDelete, setShownDelete] = useState<Site | null>(null);

  const usedBy = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const p of projects.data ?? []) {
      if (p.proj?.id) map.set(p.proj.id, [...(map.get(p.proj.id) ?? []), p.name]);
    }
    return map;
  }, [projects.data]);
  const siteName = useMemo(() => new Map((sites.data ?? []).map((s) => [s.id, s.name])), [sites.data]);

  const askDelete = (site: Site) => {
    setShownDelete(site);
    setDeleting(site);
  };

  return (
    <>
      <PageHeader title={label('app.settings.data.manage-sites')} subtitle={label('app.site.subtitle')} />
      {flag === false && (
        <Alert severity="info" data-testid="sites-disabled">
          {t(DATA_MSG.siteCalibrationDisabled)}
        </Alert>
      )}
      {flag === undefined && <CenteredProgress label={label('app.loading')} />}
      {flag === true && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {label('app.site.list')}
            </Typography>
            {isAdmin && (
              <Button
                variant="contained"
                startIcon={<AddLocationAltOutlinedIcon />}
                onClick={() => setDialog({ open: true, site: null })}
                data-testid="sites-add"
              >
                {label('app.site.add')}
              </Button>
            )}
          </Box>
          {sites.isError && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" onClick={() => void sites.refetch()}>
                  {label('app.retry')}
                </Button>
              }
            >
              {t(errorMessageOf(sites.error))}
            </Alert>
          )}
          {sites.isPending ? (
            <CenteredProgress label={label('app.loading')} />
          ) : (
            <Paper variant="outlined" sx={{ mb: 3 }}>
              <List aria-label={label('app.site.list')} data-testid="sites-list" disablePadding>
                {(sites.data ?? []).map((s, i) => {
                  const users = usedBy.get(s.id) ?? [];
                  return (
                    <ListItem
                      key={s.id}
                      divider={i < (sites.data?.length ?? 0) - 1}
                      data-testid={`site-row-${s.name}`}
                      secondaryAction={
                        isAdmin && (
                          <Box sx={{ display: 'flex' }}>
                            <Tooltip title={label('app.site.edit')}>
                              <IconButton
                                aria-label={label('app.site.edit.named', { name: s.name })}
                                onClick={() => setDialog({ open: true, site: s })}
                                data-testid="site-edit"
                              >
                                <EditOutlinedIcon fontSize="small" />
                              </IconButton>
                            </Tooltip>
                            <Tooltip title={label(users.length ? 'app.site.delete.in-use' : 'app.site.delete')}>
                              <span>
                                <IconButton
                                  aria-label={label('app.site.delete.named', { name: s.name })}
                                  disabled={users.length > 0 || projects.isPending}
                                  onClick={() => askDelete(s)}
                                  data-testid="site-delete"
                                >
                                  <DeleteOutlineIcon fontSize="small" />
                                </IconButton>
                              </span>
                            </Tooltip>
                          </Box>
                        )
                      }
                      sx={{ pr: isAdmin ? 13 : 2 }}
                    >
                      <ListItemText
                        primary={s.name}
                        secondary={users.length ? label('app.site.used-by', { count: users.length }) : undefined}
                        slotProps={{
                          primary: { sx: { overflowWrap: 'anywhere' }, 'data-testid': 'site-row-name' } as object,
                        }}
                      />
                    </ListItem>
                  );
                })}
                {sites.data?.length === 0 && (
                  <ListItem>
                    <ListItemText
                      primary={label('app.site.none')}
                      slotProps={{
                        primary: {
                          color: 'text.secondary',
                          sx: { textAlign: 'center', py: 1 },
                          'data-testid': 'sites-none',
                        } as object,
                      }}
                    />
                  </ListItem>
                )}
              </List>
            </Paper>
          )}
          <Accordion
            defaultExpanded
            disableGutters
            variant="outlined"
            data-testid="sites-projects"
            sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              aria-controls="sites-projects-content"
              id="sites-projects-header"
              data-testid="sites-projects-toggle"
            >
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                {label('app.site.projects')}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id="sites-projects-content" sx={{ p: 0 }}>
              {projects.isPending ? (
                <CenteredProgress label={label('app.loading')} />
              ) : (projects.data ?? []).length === 0 ? (
                <Typography color="text.secondary" sx={{ p: 2 }} data-testid="sites-projects-none">
                  {label('app.site.projects.none')}
                </Typography>
              ) : (
                <Table size="small" aria-label={label('app.site.projects')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{label('app.site.column.project')}</TableCell>
                      <TableCell>{label('app.site.column.calibration')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {(projects.data ?? []).map((p) => {
                      const assigned = p.proj?.id ? siteName.get(p.proj.id) : undefined;
                      return (
                        <TableRow key={p.id} data-testid={`site-project-${p.name}`}>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.name}</TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }} data-testid="site-project-calibration">
                            {assigned ?? (
                              <Typography component="span" variant="body2" color="text.secondary">
                                {label('app.site.non-assigned')}
                              </Typography>
                            )}
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              )}
            </AccordionDetails>
          </Accordion>
        </>
      )}
      {isAdmin && flag === true && (
        <>
          <SiteDialog open={dialog.open} site={dialog.site} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
          <ConfirmDialog
            open={deleting !== null}
            title={label('app.site.delete')}
            confirmLabel={label('app.data.delete')}
            danger
            pending={remove.isPending}
            onConfirm={() =>
              deleting &&
              remove.mutate(
                deleting.id,
                actionCallbacks('app.site.message.deleted', 'app.site.message.delete.error', () => setDeleting(null)),
              )
            }
            onClose={() => setDeleting(null)}
            testId="site-delete-dialog"
          >
            {label('app.site.delete.confirm', { name: shownDelete?.name ?? '' })}
          </ConfirmDialog>
        </>
      )}
    </>
  );
}
