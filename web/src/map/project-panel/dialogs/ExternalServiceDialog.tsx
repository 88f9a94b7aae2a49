import { useEffect, useState } from 'react';
import { TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useIntl } from 'react-intl';
import { EXTERNAL_SERVICE_LIMITS, serviceStoreSchema } from '@fieldbook/domain';
import { projectWrites } from '../../../api/projects';
import { setExpanded } from '../layer-toggles';
import { fieldError } from './field-error';
import { PanelFormDialog } from './PanelFormDialog';
import { useProjectWrite } from './project-write';

/**
 * Add external service (spec 3 §2, §5): WMTS or WMS, capabilities URL (valid, at most 256),
 * username and password (at most 256, trimmed). The server reads the capabilities and keeps the
 * credentials; the project gains a folder with one layer per advertised layer.
 */
export function ExternalServiceDialog({
  open,
  projectId,
  onClose,
}: {
  open: boolean;
  projectId: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { busy, run } = useProjectWrite(onClose);
  const [kind, setKind] = useState<'wms' | 'wmts'>('wms');
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!open) return;
    setUrl('');
    setUsername('');
    setPassword('');
    setTouched(false);
  }, [open]);

  const urlError = fieldError(serviceStoreSchema, { capabilitiesURL: url, username, password }, 'capabilitiesURL');
  const save = () =>
    run(async () => {
      const folder = await projectWrites.addStore(projectId, kind, {
        capabilitiesURL: url.trim(),
        username: username.trim(),
        password: password.trim(),
      });
      setExpanded(folder.id, true);
      return { message: 'app.external-service.added', values: { name: folder.name } };
    }, 'app.external-service.error');

  const limit = { maxLength: EXTERNAL_SERVICE_LIMITS.usernameMax };
  return (
    <PanelFormDialog
      open={open}
      title={t('app.external-service.add')}
      busy={busy}
      canSave={!urlError}
      saveLabel={t('app.external-service.connect')}
      onSave={() => void save()}
      onClose={onClose}
      testId="external-service-dialog"
      saveTestId="external-save"
      spacing={2}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        onChange={(_, v) => v && setKind(v)}
        aria-label={t('app.external-service.kind')}
      >
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
        slotProps={{
          htmlInput: { maxLength: EXTERNAL_SERVICE_LIMITS.urlMax + 1, 'data-testid': 'external-url', inputMode: 'url' },
        }}
      />
      <TextField
        label={t('app.external-service.username')}
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        autoComplete="off"
        slotProps={{ htmlInput: limit }}
      />
      <TextField
        label={t('app.external-service.password')}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="new-password"
        slotProps={{ htmlInput: limit }}
      />
    </PanelFormDialog>
  );
}
