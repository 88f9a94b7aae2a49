import { useEffect, useId, useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { PROJECT_LIMITS, PROJECT_MSG, createLayerSchema } from '@fieldbook/domain';
import { projectWrites, useInvalidateProjects, type Folder, type Layer } from '../../../api/projects';
import { useStyles } from '../../../api/styles';
import { snackFailure } from '../../../app/action-feedback';
import { showSnack } from '../../../app/snackbar-store';
import { useMapStore } from '../../state/map-store';
import { fieldError } from './field-error';

interface Props {
  open: boolean;
  projectId: string;
  /** The folder of a new layer. */
  folder?: Folder;
  /** The layer being edited. */
  layer?: Layer;
  /** Sibling layer names, for the unique-name rule. */
  siblingNames: string[];
  geoserver: boolean;
  onClose: () => void;
}

const METHODS = ['WFS', 'WMS', 'WMS-TILE'] as const;

/**
 * New or edit layer (spec 3 §2, §5): name required, at most 128, unique in its folder. Editing also
 * offers the preferred method (WMS choices need the geoserver flag, §6), read-only and the style; a
 * changed style is saved with stylesUpdated=true (§7).
 */
export function LayerDialog({ open, projectId, folder, layer, siblingNames, geoserver, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const invalidate = useInvalidateProjects();
  const queryClient = useQueryClient();
  const styles = useStyles(open && !!layer).data ?? [];
  const [name, setName] = useState('');
  const [method, setMethod] = useState('WFS');
  const [readOnly, setReadOnly] = useState(false);
  const [styleId, setStyleId] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  useEffect(() => {
    if (!open) return;
    setName(layer?.name ?? '');
    setMethod(layer?.preferredMethod ?? 'WFS');
    setReadOnly(layer?.readOnly ?? false);
    setStyleId(layer?.styles[0]?.id ?? '');
    setTouched(false);
    setServerError(undefined);
  }, [open, layer]);

  const taken = siblingNames.some((n) => n.toLowerCase() === name.trim().toLowerCase() && n !== layer?.name);
  const nameError = fieldError(createLayerSchema, { name }, 'name') ?? (taken ? PROJECT_MSG.layerNameExists : undefined) ?? serverError;
  const folderId = layer?.folderId ?? folder?.id ?? '';

  const save = async () => {
    setBusy(true);
    try {
      if (layer) {
        const stylesUpdated = styleId !== (layer.styles[0]?.id ?? '');
        await projectWrites.updateLayer(projectId, folderId, {
          id: layer.id, name: name.trim(), preferredMethod: method, readOnly, styles: styleId ? [{ id: styleId }] : [],
        }, stylesUpdated);
        useMapStore.getState().refreshLayers(layer.id);
        // Read-only decides what may be done to the layer's features (their abilities).
        if (readOnly !== layer.readOnly) void queryClient.invalidateQueries({ queryKey: ['features'] });
      } else {
        await projectWrites.createLayer(projectId, folderId, { name: name.trim() });
      }
      await invalidate();
      showSnack(layer ? 'app.layer.updated' : 'app.layer.created', 'success', { name: name.trim() });
      onClose();
    } catch (error) {
      if (error instanceof Error && error.message === PROJECT_MSG.layerNameExists) setServerError(PROJECT_MSG.layerNameExists);
      else snackFailure(error, layer ? 'app.layer.update.error' : 'app.layer.create.error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="layer-dialog">
      <DialogTitle id={titleId}>{t(layer ? 'app.layer.edit' : 'app.layer.new')}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <TextField
            label={t('app.layer.name')}
            value={name}
            required
            autoFocus
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
              setServerError(undefined);
            }}
            error={touched && !!nameError}
            helperText={touched && nameError ? t(nameError) : ' '}
            slotProps={{ htmlInput: { maxLength: PROJECT_LIMITS.layerNameMax + 1, 'data-testid': 'layer-name' } }}
          />
          {layer && (
            <>
              <TextField select label={t('app.layer.method')} value={method} onChange={(e) => setMethod(e.target.value)}
                helperText={geoserver ? ' ' : t('app.layer.method.geoserver-off')}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'layer-method' } as object } }}>
                {METHODS.map((m) => (
                  <MenuItem key={m} value={m} disabled={m !== 'WFS' && !geoserver}>{m}</MenuItem>
                ))}
              </TextField>
              <TextField select label={t('app.layer.style')} value={styleId} onChange={(e) => setStyleId(e.target.value)}
                slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'layer-style' } as object }, inputLabel: { shrink: true } }}>
                <MenuItem value="">{t('app.layer.style.default')}</MenuItem>
                {styles.map((s) => <MenuItem key={s.id} value={s.id}>{s.name}</MenuItem>)}
              </TextField>
              <FormControlLabel
                control={<Checkbox checked={readOnly} onChange={(_, c) => setReadOnly(c)} slotProps={{ input: { 'data-testid': 'layer-read-only' } as object }} />}
                label={t('app.layer.read-only')}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !!nameError} data-testid="layer-save">
          {t(layer ? 'app.save' : 'app.project-panel.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
