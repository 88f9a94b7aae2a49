import { useEffect, useId, useState } from 'react';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';
import { DATA_MSG, DICTIONARY_LIMITS, siteSchema } from '@fieldbook/domain';
import { ApiError } from '../../../api/client';
import { useCreateSite, useUpdateSite, type CrsOption, type Site } from '../../../api/sites';
import { snackFailure } from '../../../app/action-feedback';
import { DialogSaveActions } from '../../../app/DialogSaveActions';
import { schemaErrors } from '../../../app/form';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';
import { CrsSearchField } from './CrsSearchField';
import { EMPTY_PARAMS, paramErrors, paramsOf, projOf, wktName, type ParamKey, type Params } from './site-params';

interface Props {
  open: boolean;
  /** null adds a site. */
  site: Site | null;
  onClose: () => void;
}

/**
 * Add or edit a site calibration (spec 2 §5 Site): a name, a coordinate system found by code or name
 * (it fills the WKT, which can also be typed) and an optional helmert transformation.
 */
export function SiteDialog({ open, site, onClose }: Props) {
  const intl = useIntl();
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const create = useCreateSite();
  const update = useUpdateSite();
  const saving = create.isPending || update.isPending;

  const [name, setName] = useState('');
  const [wkt, setWkt] = useState('');
  const [transform, setTransform] = useState(false);
  const [params, setParams] = useState<Params>(EMPTY_PARAMS);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [crsInput, setCrsInput] = useState('');
  const [crs, setCrs] = useState<CrsOption | null>(null);
  /** Texts the server refused: the error stays until the text changes. */
  const [refusedWkt, setRefusedWkt] = useState<string | null>(null);
  const [refusedProj, setRefusedProj] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const initial = paramsOf(site?.proj ?? null);
    setName(site?.name ?? '');
    setWkt(site?.wkt ?? '');
    setTransform(initial.on);
    setParams(initial.params);
    setTouched({});
    setCrsInput('');
    setCrs(null);
    setRefusedWkt(null);
    setRefusedProj(null);
  }, [open, site]);

  const pErrors = transform ? paramErrors(params) : {};
  const proj = transform ? projOf(params) : null;
  const errors = schemaErrors(siteSchema, { name, wkt, proj: transform ? (proj ?? 'invalid') : null });
  const wktError = errors.wkt ?? (refusedWkt !== null && refusedWkt === wkt ? DATA_MSG.siteWkt : undefined);
  const projRefused = transform && refusedProj !== null && refusedProj === proj;
  const valid = !errors.name && !wktError && !errors.proj && Object.keys(pErrors).length === 0 && !projRefused;
  const shows = (field: string) => touched[field];
  const touch = (field: string) => setTouched((s) => (s[field] ? s : { ...s, [field]: true }));

  const submit = () => {
    if (!valid || saving) return;
    const body = { name: name.trim(), wkt: wkt.trim(), proj: transform ? proj : null };
    const callbacks = {
      onSuccess: () => {
        showSnack(site ? 'app.site.message.updated' : 'app.site.message.created', 'success');
        onClose();
      },
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.message === DATA_MSG.siteWkt) setRefusedWkt(wkt);
        if (error instanceof ApiError && error.message === DATA_MSG.siteTransformation) setRefusedProj(proj);
        snackFailure(error, site ? 'app.site.message.update.error' : 'app.site.message.create.error');
      },
    };
    if (site) update.mutate({ ...body, id: site.id }, callbacks);
    else create.mutate(body, callbacks);
  };

  const detected = wktName(wkt);
  const param = (key: ParamKey, labelId: string, hintId?: string) => (
    <TextField
      label={label(labelId)}
      required={key !== 'theta'}
      value={params[key]}
      onChange={(e) => setParams((p) => ({ ...p, [key]: e.target.value }))}
      onBlur={() => touch(key)}
      error={Boolean(shows(key) && pErrors[key])}
      helperText={shows(key) && pErrors[key] ? t(pErrors[key]) : hintId ? label(hintId) : ' '}
      margin="dense"
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `site-${key}`, autoComplete: 'off' } }}
    />
  );

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      data-testid="site-dialog"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: phone ? '100%' : undefined }}
      >
        <DialogTitle id={titleId}>{label(site ? 'app.site.edit' : 'app.site.add')}</DialogTitle>
        <DialogContent dividers>
          <TextField
            label={label('app.site.name')}
            required
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => touch('name')}
            error={Boolean(shows('name') && errors.name)}
            helperText={shows('name') && errors.name ? t(errors.name) : ' '}
            margin="dense"
            slotProps={{ htmlInput: { 'data-testid': 'site-name', maxLength: DICTIONARY_LIMITS.siteNameMax } }}
          />
          <CrsSearchField
            open={open}
            value={crs}
            onChange={(option) => {
              setCrs(option);
              if (option) {
                setWkt(option.wkt);
                touch('wkt');
              }
            }}
            inputValue={crsInput}
            onInputChange={setCrsInput}
          />
          <TextField
            label={label('app.site.wkt')}
            required
            multiline
            minRows={3}
            maxRows={8}
            value={wkt}
            onChange={(e) => {
              setWkt(e.target.value);
              if (crs && e.target.value !== crs.wkt) setCrs(null);
            }}
            onBlur={() => touch('wkt')}
            error={Boolean((shows('wkt') || refusedWkt !== null) && wktError)}
            helperText={
              (shows('wkt') || refusedWkt !== null) && wktError
                ? t(wktError)
                : `${detected ? `${detected} · ` : ''}${wkt.length} / ${DICTIONARY_LIMITS.wktMax}`
            }
            margin="dense"
            slotProps={{
              htmlInput: { 'data-testid': 'site-wkt', spellCheck: false },
              input: { sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } },
            }}
          />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Switch
                checked={transform}
                onChange={(_, on) => setTransform(on)}
                slotProps={{ input: { 'data-testid': 'site-transformation' } as object }}
              />
            }
            label={label('app.site.transformation')}
          />
          {transform && (
            <Box role="group" aria-label={label('app.site.transformation')} data-testid="site-transformation-fields">
              <Box sx={{ display: 'grid', gap: { xs: 0, sm: 2 }, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                {param('x', 'app.site.x', 'app.site.metres')}
                {param('y', 'app.site.y', 'app.site.metres')}
                {param('s', 'app.site.scale')}
                {param('theta', 'app.site.theta', 'app.site.theta.hint')}
              </Box>
              {projRefused && (
                <Typography color="error" variant="body2" data-testid="site-transformation-error">
                  {t(DATA_MSG.siteTransformation)}
                </Typography>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogSaveActions
          onCancel={onClose}
          saving={saving}
          canSave={valid}
          cancelTestId="site-cancel"
          saveTestId="site-save"
        />
      </Box>
    </Dialog>
  );
}
