import { useEffect, useState } from 'react';
import {
  AppBar,
  Box,
  Button,
  Checkbox,
  Container,
  Dialog,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useIntl } from 'react-intl';
import { toLonLat } from 'ol/proj';
import { PROJECT_LIMITS, PROJECT_MSG, updateProjectSchema } from '@fieldbook/domain';
import { useProfile } from '../../../api/accounts';
import { useDictionaries, useMemberEmail } from '../../../api/dictionaries';
import { projectWrites, useGeoids, type Project } from '../../../api/projects';
import { useSites } from '../../../api/sites';
import { useSettingsAccess } from '../../../settings/access';
import { useMap } from '../../ol/MapContext';
import { usePanelDialogs } from '../panel-store';
import type { PanelFlags } from '../rights';
import { fieldError } from './field-error';
import { useProjectWrite } from './project-write';
import { OneCallEditButton } from '../onecall/OneCallEditButton';

interface Props {
  open: boolean;
  project: Project;
  projects: Project[];
  flags: Pick<PanelFlags, 'siteCalibration' | 'projectGeoid'>;
  onClose: () => void;
}

/**
 * Project details (spec 3 §2), full screen: name, description, created date and by, organization
 * (organization admins), dictionary, save-map-extent (writes the current view), site calibration
 * (siteCalibration flag), geoid (projectGeoid flag), the one-call e-mail list (one-call flag) and delete for
 * project admins.
 */
export function ProjectDetailsDialog({ open, project, projects, flags, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const map = useMap();
  const access = useSettingsAccess();
  const profile = useProfile().data;
  const dictionaries = useDictionaries().data ?? [];
  const sites = useSites(open && flags.siteCalibration).data ?? [];
  const geoids = useGeoids(project.id, open && flags.projectGeoid).data ?? [];
  const owner = useMemberEmail(project.ownerId, open).data;
  const { busy, run } = useProjectWrite(onClose);
  const openDialog = usePanelDialogs((s) => s.open);
  const [form, setForm] = useState({
    name: '',
    description: '',
    dataDictionaryId: '',
    siteId: '',
    geoidId: '',
    organizationId: '',
  });
  const [saveExtent, setSaveExtent] = useState(false);
  const [serverError, setServerError] = useState<string>();
  useEffect(() => {
    if (!open) return;
    setForm({
      name: project.name,
      description: project.description ?? '',
      dataDictionaryId: project.dataDictionaryId,
      siteId: project.proj?.id ?? '',
      geoidId: project.geoidId ?? '',
      organizationId: project.organizationId,
    });
    setSaveExtent(false);
    setServerError(undefined);
  }, [open, project]);

  const readOnly = !project.abilities.edit;
  const taken = projects.some((p) => p.id !== project.id && p.name.toLowerCase() === form.name.trim().toLowerCase());
  const body = {
    id: project.id,
    name: form.name,
    description: form.description || null,
    dataDictionaryId: form.dataDictionaryId,
    organizationId: form.organizationId || undefined,
    // Without their flag the selects are hidden and the project keeps what it has.
    proj: flags.siteCalibration ? (form.siteId ? { id: form.siteId } : null) : undefined,
    geoidId: flags.projectGeoid ? form.geoidId || null : undefined,
  };
  const nameError =
    fieldError(updateProjectSchema, body, 'name') ?? (taken ? PROJECT_MSG.nameExists : undefined) ?? serverError;
  const descriptionError = fieldError(updateProjectSchema, body, 'description');
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    if (key === 'name') setServerError(undefined);
  };

  const write = async () => {
    const view = map.getView();
    const center = view.getCenter();
    const extent =
      saveExtent && center
        ? {
            coordinate: JSON.stringify({ lat: toLonLat(center)[1], lng: toLonLat(center)[0] }),
            zoomLevel: Math.round(view.getZoom() ?? 5),
          }
        : {};
    await projectWrites.update({ ...body, name: form.name.trim(), ...extent });
    return { message: 'app.project.updated' };
  };
  const save = () =>
    run(write, 'app.project.update.error', { messageId: PROJECT_MSG.nameExists, show: setServerError });

  const select = (
    key: 'dataDictionaryId' | 'siteId' | 'geoidId' | 'organizationId',
    labelId: string,
    options: Array<{ id: string; name: string }>,
    none: boolean,
    disabled = readOnly,
  ) => (
    <TextField
      select
      label={t(labelId)}
      value={form[key]}
      onChange={set(key)}
      disabled={disabled}
      fullWidth
      slotProps={{
        select: { displayEmpty: none, SelectDisplayProps: { 'data-testid': `project-${key}` } as object },
        inputLabel: { shrink: true },
      }}
    >
      {none && <MenuItem value="">{t('app.project.none')}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog
      fullScreen
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="project-details-title"
      data-testid="project-details-dialog"
    >
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" aria-label={t('app.close')} onClick={onClose} disabled={busy}>
            <CloseIcon />
          </IconButton>
          <Typography id="project-details-title" variant="h6" component="h2" sx={{ flex: 1 }} noWrap>
            {t('app.project.details')}
          </Typography>
          {!readOnly && (
            <Button
              variant="contained"
              onClick={() => void save()}
              disabled={busy || !!nameError || !!descriptionError}
              data-testid="project-details-save"
            >
              {t('app.save')}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Container maxWidth="sm" sx={{ py: 3 }}>
        <Stack spacing={2.5}>
          <TextField
            label={t('app.project.name')}
            value={form.name}
            onChange={set('name')}
            disabled={readOnly}
            required
            error={!!nameError}
            helperText={nameError ? t(nameError) : ' '}
            slotProps={{
              htmlInput: { maxLength: PROJECT_LIMITS.projectNameMax + 1, 'data-testid': 'project-details-name' },
            }}
          />
          <TextField
            label={t('app.project.description')}
            value={form.description}
            onChange={set('description')}
            disabled={readOnly}
            multiline
            minRows={2}
            error={!!descriptionError}
            helperText={descriptionError ? t(descriptionError) : ' '}
            slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.projectDescriptionMax + 1 } }}
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              label={t('app.project.created-date')}
              value={intl.formatDate(project.createdDate, { dateStyle: 'medium', timeStyle: 'short' })}
              disabled
              sx={{ flex: 1, minWidth: 200 }}
            />
            <TextField
              label={t('app.project.created-by')}
              value={owner ?? '—'}
              disabled
              sx={{ flex: 1, minWidth: 200 }}
            />
          </Box>
          {access?.isOrgAdmin &&
            profile &&
            select(
              'organizationId',
              'app.project.organization',
              profile.organizations,
              false,
              readOnly || profile.organizations.length < 2,
            )}
          {select('dataDictionaryId', 'app.project.dictionary', dictionaries, false)}
          <FormControlLabel
            control={
              <Checkbox
                checked={saveExtent}
                onChange={(_, c) => setSaveExtent(c)}
                disabled={readOnly}
                slotProps={{ input: { 'data-testid': 'project-save-extent' } as object }}
              />
            }
            label={t('app.project.save-extent')}
          />
          {flags.siteCalibration && select('siteId', 'app.project.site', sites, true)}
          {flags.projectGeoid &&
            select(
              'geoidId',
              'app.project.geoid',
              geoids.map((g) => ({ id: g.GeoidID, name: g.GeoidName })),
              true,
            )}
          <OneCallEditButton project={project} />
          {project.abilities.admin && (
            <Box>
              <Button
                color="error"
                variant="outlined"
                onClick={() => openDialog({ kind: 'deleteProject' })}
                data-testid="project-delete"
              >
                {t('app.project.delete')}
              </Button>
            </Box>
          )}
        </Stack>
      </Container>
    </Dialog>
  );
}
