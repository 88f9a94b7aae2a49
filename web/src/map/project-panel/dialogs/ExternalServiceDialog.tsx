import { useEffect, useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useIntl } from 'react-intl';
import { EXTERNAL_SERVICE_LIMITS, serviceStoreSchema } from '@fieldbook/domain';
import { projectWrites, useInvalidateProjects } from '../../../api/projects';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { setExpanded } from '../layer-toggles';
import { fieldError } from './field-error';

/**
 * Add external service (spec 3 §2, §5): WMTS or WMS, capabilities URL (valid, at most 256),
 * username and password (at most 256, trimmed). The server reads the capabilities and keeps the
 * credentials; the project gains a folder with one layer per advertised layer.
 */
export function ExternalServiceDialog({ open, projectId, onClose }: { open: boolean; projectId: string; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const invalidate = useInvalidateProjects();
  const [kind, setKind] = useState<'wms' | 'wmts'>('wms');
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setUrl('');
    setUsername('');
    setPassword('');
    setTouched(false);
  }, [open]);

  const urlError = fieldError(serviceStoreSchema, { capabilitiesURL: url, username, password }, 'capabilitiesURL');
  const save = async () => {
    setBusy(true);
    try {
      const folder = await projectWrites.addStore(projectId, kind, { capabilitiesURL: url.trim(), username: username.trim(), password: password.trim() });
      setExpanded(folder.id, true);
      await invalidate();
      showSnack('app.external-service.added', 'success', { name: folder.name });
      onClose();
    } catch (error) {
      snackFailure(error, 'app.external-service.error');
    } finally {
      setBusy(false);
    }
  };

  const limit = { maxLength: EXTERNAL_SERVICE_LIMITS.usernameMax };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="external-service-dialog">
      <DialogTitle id={titleId}>{t('app.external-service.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ToggleButtonGroup exclusive size="small" value={kind} onChange={(_, v) => v && setKind(v)} aria-label={t('app.external-service.kind')}>
            <ToggleButton value="wmts">WMTS</ToggleButton>
            <ToggleButton value="wms">WMS</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label={t('app.external-service.url')}
            value={url}
            required
            onChange={(e) => {
              setUrl(e.target.value);
              setTouched(true);
            }}
            error={touched && !!urlError}
            helperText={touched && urlError ? t(urlError) : ' '}
            slotProps={{ htmlInput: { maxLength: EXTERNAL_SERVICE_LIMITS.urlMax + 1, 'data-testid': 'external-url', inputMode: 'url' } }}
          />
          <TextField label={t('app.external-service.username')} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" slotProps={{ htmlInput: limit }} />
          <TextField label={t('app.external-service.password')} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" slotProps={{ htmlInput: limit }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !!urlError} data-testid="external-save">{t('app.external-service.connect')}</Button>
      </DialogActions>
    </Dialog>
  );
}
