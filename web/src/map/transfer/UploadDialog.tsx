import { useId, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  LinearProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useIntl } from 'react-intl';
import {
  IMPORT_MSG,
  MEASUREMENT_FIELDS,
  PROJECT_LIMITS,
  UPLOAD_LIMITS,
  layerNameOfFile,
  type UploadType,
} from '@fieldbook/domain';
import type { Folder } from '../../api/projects';
import type { CrsOption } from '../../api/sites';
import { importUrl, putSignedFile } from '../../api/transfers';
import { failureOf } from '../../app/action-feedback';
import { showSnack } from '../../app/snackbar-store';
import { CrsSearchField } from '../../settings/data/sites/CrsSearchField';
import { useJobsPanel } from '../jobs/jobs-store';
import { acceptOf, extensionOf, readableSize, uploadFileError, uploadNameError, uploadNeedsCrs } from './upload-rules';

interface Props {
  open: boolean;
  projectId: string;
  folder: Folder;
  /** Raster upload flag (spec 3 §6) and the measurement import options flag. */
  raster: boolean;
  measurementOptions: boolean;
  onClose: () => void;
}

type Phase = { kind: 'idle' } | { kind: 'uploading'; fraction: number } | { kind: 'error'; message: string };

/** Messages of the server worth showing as they are; any other failure shows the generic upload error (spec 3 §8). */
const KNOWN_FAILURES = new Set<string>([...Object.values(IMPORT_MSG), 'app.layer.exists.error', 'app.upload.expired']);

/**
 * Upload a layer into a folder (spec 3 §2, §4, §5): a file dropped or chosen, checked here first (empty,
 * too large, type), a layer name that must not clash in the folder, the import options; then a signed
 * URL and a PUT of the file without the session (its progress shown), after which the IMPORT job runs
 * on the server and the jobs panel shows it.
 */
export function UploadDialog({ open, projectId, folder, raster, measurementOptions, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [type, setType] = useState<UploadType>('VECTOR');
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [crs, setCrs] = useState<CrsOption | null>(null);
  const [crsText, setCrsText] = useState('');
  const [fromFeet, setFromFeet] = useState(false);
  const [measurements, setMeasurements] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const uploading = phase.kind === 'uploading';

  const siblings = folder.layers.map((l) => l.name);
  const fileError = file ? uploadFileError(file, type) : undefined;
  const nameError = file ? uploadNameError(name, siblings) : undefined;
  const crsMissing = !!file && uploadNeedsCrs(type, file.name) && !crs;
  const canUpload = !!file && !fileError && !nameError && !crsMissing && !uploading;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setName(layerNameOfFile(chosen.name));
    setPhase({ kind: 'idle' });
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!uploading) choose(e.dataTransfer.files[0]);
  };

  const upload = async () => {
    if (!file || !canUpload) return;
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', fraction: 0 });
    try {
      const { url } = await importUrl(folder.id, extensionOf(file.name), type, 'WFS', {
        layerName: name.trim(),
        crs: crs ? `EPSG:${crs.epsg}` : undefined,
        convertFromFeet: type === 'VECTOR' && fromFeet,
        measurementFields: type === 'VECTOR' && fromFeet ? measurements : [],
      });
      const job = await putSignedFile(
        url,
        file,
        (fraction) => setPhase({ kind: 'uploading', fraction }),
        controller.signal,
      );
      const jobs = useJobsPanel.getState();
      jobs.watch({ jobId: job.id, projectId, folderId: folder.id, knownLayerIds: folder.layers.map((l) => l.id) });
      jobs.show('IMPORT');
      showSnack('app.layer.upload.success', 'success');
      onClose();
    } catch (error) {
      if (controller.signal.aborted) return;
      const { message } = failureOf(error, IMPORT_MSG.failed);
      setPhase({ kind: 'error', message: KNOWN_FAILURES.has(message) ? message : IMPORT_MSG.failed });
    } finally {
      abort.current = null;
    }
  };
  const cancel = () => {
    abort.current?.abort();
    onClose();
  };

  const shownFileError = fileError && t(fileError, { maxSize: readableSize(UPLOAD_LIMITS.maxBytes) });
  return (
    <Dialog
      open={open}
      onClose={uploading ? undefined : cancel}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="upload-dialog"
    >
      <DialogTitle id={titleId}>{t('app.layer.upload.title', { folder: folder.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {raster && (
            <ToggleButtonGroup
              exclusive
              size="small"
              value={type}
              onChange={(_, v: UploadType | null) => v && setType(v)}
              aria-label={t('app.layer.upload.type')}
              disabled={uploading}
            >
              <ToggleButton value="VECTOR" data-testid="upload-type-vector">
                {t('app.layer.upload.vector')}
              </ToggleButton>
              <ToggleButton value="RASTER" data-testid="upload-type-raster">
                {t('app.layer.upload.raster')}
              </ToggleButton>
            </ToggleButtonGroup>
          )}
          <Box
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="upload-drop"
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: fileError ? 'error.main' : dragging ? 'primary.main' : 'divider',
              borderRadius: 1,
              bgcolor: dragging ? 'action.hover' : 'transparent',
              p: 2,
              textAlign: 'center',
            }}
          >
            <UploadFileIcon color="action" sx={{ fontSize: 40 }} />
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('app.layer.upload.drop')}
            </Typography>
            <Button variant="outlined" size="small" onClick={() => input.current?.click()} disabled={uploading}>
              {t('app.layer.upload.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept={acceptOf(type)}
              aria-label={t('app.layer.upload.choose')}
              data-testid="upload-file"
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
              {t('app.layer.upload.accepts', { types: acceptOf(type).replaceAll(',', ' ') })}
            </Typography>
            {file && (
              <Typography
                variant="body2"
                sx={{ mt: 1, fontWeight: 600, overflowWrap: 'anywhere' }}
                data-testid="upload-file-name"
              >
                {file.name}
              </Typography>
            )}
            {shownFileError && (
              <Typography variant="body2" color="error" role="alert" data-testid="upload-file-error">
                {shownFileError}
              </Typography>
            )}
          </Box>
          <TextField
            label={t('app.layer.name')}
            value={name}
            required
            disabled={!file || uploading}
            onChange={(e) => setName(e.target.value)}
            error={!!nameError}
            helperText={nameError ? t(nameError) : ' '}
            slotProps={{
              htmlInput: { maxLength: PROJECT_LIMITS.layerNameMax + 1, 'data-testid': 'upload-layer-name' },
            }}
          />
          <CrsSearchField
            open={open}
            value={crs}
            onChange={setCrs}
            inputValue={crsText}
            onInputChange={setCrsText}
            disabled={uploading}
            hintId={crsMissing ? 'app.layer.upload.crs.required' : 'app.layer.upload.crs.hint'}
          />
          {/* Feet apply to coordinates and measurement fields of features; a raster has neither. */}
          {type === 'VECTOR' && (
            <FormControlLabel
              control={
                <Checkbox checked={fromFeet} onChange={(e) => setFromFeet(e.target.checked)} disabled={uploading} />
              }
              label={t('app.layer.upload.from-feet')}
              data-testid="upload-from-feet"
            />
          )}
          {type === 'VECTOR' && measurementOptions && fromFeet && (
            <FormGroup>
              <FormLabel component="legend">{t('app.layer.upload.measurement-fields')}</FormLabel>
              <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
                {MEASUREMENT_FIELDS.map((field) => (
                  <FormControlLabel
                    key={field}
                    label={field}
                    control={
                      <Checkbox
                        checked={measurements.includes(field)}
                        disabled={uploading}
                        onChange={(e) =>
                          setMeasurements((m) => (e.target.checked ? [...m, field] : m.filter((f) => f !== field)))
                        }
                      />
                    }
                  />
                ))}
              </Box>
            </FormGroup>
          )}
          {uploading && (
            <Box data-testid="upload-progress">
              <LinearProgress
                variant="determinate"
                value={Math.round(phase.fraction * 100)}
                aria-label={t('app.layer.upload.uploading')}
              />
              <Typography variant="caption" color="text.secondary">
                {t('app.layer.upload.uploading')} {Math.round(phase.fraction * 100)}%
              </Typography>
            </Box>
          )}
          {phase.kind === 'error' && (
            <Alert severity="error" data-testid="upload-error">
              {t(phase.message, { maxSize: readableSize(UPLOAD_LIMITS.maxBytes) })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{t('app.cancel')}</Button>
        <Button variant="contained" onClick={() => void upload()} disabled={!canUpload} data-testid="upload-submit">
          {t('app.layer.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
