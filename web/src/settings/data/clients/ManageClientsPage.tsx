import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Collapse,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import { useIntl } from 'react-intl';
import { DATA_MSG } from '@fieldbook/domain';
import {
  useClientEndpoints,
  useClientKeys,
  useDeleteClientKey,
  type ClientKey,
  type CreatedClientKey,
  type ProjectEndpoints,
} from '../../../api/clients';
import { errorMessageOf } from '../../../api/client';
import { flagOn } from '../../../api/functionality-flags';
import { actionCallbacks } from '../../../app/action-feedback';
import { CenteredProgress } from '../../../app/CenteredProgress';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { formatShortDate } from '../../../app/dates';
import { useT } from '../../../i18n/translate';
import { useSettingsAccess } from '../../access';
import { PageHeader } from '../../PageHeader';
import { ClientCopyField } from './ClientCopyField';
import { AddClientKeyDialog, ClientKeyCreatedDialog } from './ClientKeyDialogs';

/**
 * /settings/data/manage-clients (spec 2 §2 Manage clients; org admins, clients flag): client keys by
 * e-mail, and per project the feature-service endpoint (and the map-service one with geoserver).
 */
export function ManageClientsPage() {
  const intl = useIntl();
  const t = useT();
  const access = useSettingsAccess();
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const flag = flagOn(access?.account, 'clients');
  const allowed = flag === true && (access?.isOrgAdmin ?? false);
  const keys = useClientKeys(allowed);
  const endpoints = useClientEndpoints(allowed);
  const remove = useDeleteClientKey();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedClientKey | null>(null);
  const [deleting, setDeleting] = useState<ClientKey | null>(null);
  const [shownDelete, setShownDelete] = useState<ClientKey | null>(null);

  return (
    <>
      <PageHeader title={label('app.settings.data.manage-clients')} subtitle={label('app.client.subtitle')} />
      {flag === false && (
        <Alert severity="info" data-testid="clients-disabled">
          {t(DATA_MSG.clientsDisabled)}
        </Alert>
      )}
      {flag === undefined && <CenteredProgress label={label('app.loading')} />}
      {allowed && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {label('app.client.keys')}
            </Typography>
            <Button
              variant="contained"
              startIcon={<VpnKeyOutlinedIcon />}
              onClick={() => setAdding(true)}
              data-testid="clients-add"
            >
              {label('app.client.add')}
            </Button>
          </Box>
          {keys.isError && (
            <Alert
              severity="error"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" onClick={() => void keys.refetch()}>
                  {label('app.retry')}
                </Button>
              }
            >
              {t(errorMessageOf(keys.error))}
            </Alert>
          )}
          {keys.isPending ? (
            <CenteredProgress label={label('app.loading')} />
          ) : (
            <Paper variant="outlined" sx={{ mb: 3 }}>
              <List aria-label={label('app.client.keys')} data-testid="client-keys" disablePadding>
                {(keys.data ?? []).map((k, i) => (
                  <ListItem
                    key={k.id}
                    divider={i < (keys.data?.length ?? 0) - 1}
                    data-testid={`client-key-row-${k.email}`}
                    secondaryAction={
                      <Tooltip title={label('app.client.delete')}>
                        <IconButton
                          edge="end"
                          aria-label={label('app.client.delete.named', { email: k.email })}
                          onClick={() => {
                            setShownDelete(k);
                            setDeleting(k);
                          }}
                          data-testid="client-key-delete"
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    }
                    sx={{ pr: 7 }}
                  >
                    <ListItemText
                      primary={k.email}
                      secondary={[
                        label('app.client.created-on', { date: formatShortDate(k.createdAt, intl.locale) }),
                        k.lastUsedAt
                          ? label('app.client.last-used', { date: formatShortDate(k.lastUsedAt, intl.locale) })
                          : label('app.client.never-used'),
                      ].join(' · ')}
                      slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                    />
                  </ListItem>
                ))}
                {keys.data?.length === 0 && (
                  <ListItem>
                    <ListItemText
                      primary={label('app.client.none')}
                      slotProps={{
                        primary: {
                          color: 'text.secondary',
                          sx: { textAlign: 'center', py: 1 },
                          'data-testid': 'client-keys-none',
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
            data-testid="clients-projects"
            sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon />}
              aria-controls="clients-projects-content"
              id="clients-projects-header"
              data-testid="clients-projects-toggle"
            >
              <Box>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                  {label('app.client.endpoints')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {label('app.client.endpoints.hint')}
                </Typography>
              </Box>
            </AccordionSummary>
            <AccordionDetails id="clients-projects-content" sx={{ p: 0 }}>
              {endpoints.isPending ? (
                <CenteredProgress label={label('app.loading')} />
              ) : endpoints.isError ? (
                <Alert severity="error" sx={{ m: 2 }}>
                  {t(errorMessageOf(endpoints.error))}
                </Alert>
              ) : endpoints.data.length === 0 ? (
                <Typography color="text.secondary" sx={{ p: 2 }} data-testid="clients-projects-none">
                  {label('app.client.projects.none')}
                </Typography>
              ) : (
                <List disablePadding aria-label={label('app.client.endpoints')}>
                  {endpoints.data.map((p) => (
                    <ProjectEndpointRow key={p.projectId} project={p} />
                  ))}
                </List>
              )}
            </AccordionDetails>
          </Accordion>
          <AddClientKeyDialog
            open={adding}
            onClose={() => setAdding(false)}
            onCreated={(key) => {
              setAdding(false);
              setCreated(key);
            }}
          />
          <ClientKeyCreatedDialog created={created} onClose={() => setCreated(null)} />
          <ConfirmDialog
            open={deleting !== null}
            title={label('app.client.delete')}
            confirmLabel={label('app.data.delete')}
            danger
            pending={remove.isPending}
            onConfirm={() =>
              deleting &&
              remove.mutate(
                deleting.id,
                actionCallbacks('app.client.message.deleted', 'app.client.message.delete.error', () =>
                  setDeleting(null),
                ),
              )
            }
            onClose={() => setDeleting(null)}
            testId="client-key-delete-dialog"
          >
            {label('app.client.delete.confirm', { email: shownDelete?.email ?? '' })}
          </ConfirmDialog>
        </>
      )}
    </>
  );
}

/** A project; it expands to its copyable endpoints. */
function ProjectEndpointRow({ project }: { project: ProjectEndpoints }) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [open, setOpen] = useState(false);
  const regionId = `client-endpoints-${project.projectId}`;
  return (
    <Box component="li" sx={{ borderTop: 1, borderColor: 'divider' }} data-testid={`client-project-${project.name}`}>
      <ListItemButton
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls={regionId}
        data-testid="client-project-toggle"
      >
        <ListItemText primary={project.name} slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <Box
          id={regionId}
          role="region"
          aria-label={label('app.client.endpoints.of', { name: project.name })}
          sx={{ px: 2, pb: 2 }}
        >
          <ClientCopyField
            label={label('app.client.endpoint.wfs')}
            value={project.wfs}
            copyLabel={label('app.client.copy.wfs', { name: project.name })}
            testId="client-endpoint-wfs"
            monospace
          />
          {project.wms && (
            <ClientCopyField
              label={label('app.client.endpoint.wms')}
              value={project.wms}
              copyLabel={label('app.client.copy.wms', { name: project.name })}
              testId="client-endpoint-wms"
              monospace
            />
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
