import { useState } from 'react';
import {
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useIntl } from 'react-intl';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_MSG,
  MEASUREMENT_FIELDS,
  cleanExportFileName,
  type ExportFormat,
  type ExportItemType,
  type ExportRequestInput,
} from '@fieldbook/domain';
import { useProfile } from '../../api/accounts';
import { ApiError } from '../../api/client';
import type { Project } from '../../api/projects';
import type { CrsOption } from '../../api/sites';
import { startExport } from '../../api/transfers';
import { failureOf } from '../../app/action-feedback';
import { showSnack } from '../../app/snackbar-store';
import { CrsSearchField } from '../../settings/data/sites/CrsSearchField';
import { PanelFormDialog } from '../project-panel/dialogs/PanelFormDialog';
import { useJobsPanel } from '../jobs/jobs-store';
import { crsLocked, exportBody, exportFormErrors, formatsFor, initialExportForm, type ExportForm } from './export-form';

/** What is exported: a layer, a folder or the project. */
export interface ExportItem {
  type: ExportItemType;
  id: string;
  name: string;
}

interface Props {
  open: boolean;
  project: Project;
  item: ExportItem;
  /** The search whose matches are exported (the search panel's export); the whole item without it. */
  query?: ExportRequestInput['query'];
  onClose: () => void;
}

const WGS84: CrsOption = { epsg: 4326, name: 'WGS 84', wkt: '' };
const SUCCESS_MS = 10_000;
const TITLES: Record<ExportItemType, string> = {
  layer: 'app.export.title.layer',
  folder: 'app.export.title.folder',
  project: 'app.export.title.project',
};

/**
 * Export a layer, folder or project (spec 3 §2, §5, §9): format, file name (forbidden characters
 * stripped as typed), e-mail, coordinate system (EPSG search or the project's site calibration;
 * GeoJSON, KML and KMZ are always EPSG:4326), PNEZD point number, measurement fields and whether the
 * features' attachments come too (in the zip, under attachments/).
 * The export runs as a job: the Exports tab of the jobs panel shows it.
 */
export function ExportDialog({ open, project, item, query, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const email = useProfile().data?.email ?? '';
  const [form, setForm] = useState<ExportForm>(() => initialExportForm(item.type, item.name, email));
  const [crs, setCrs] = useState<CrsOption | null>(WGS84);
  const [crsText, setCrsText] = useState(`EPSG:4326 · ${WGS84.name}`);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<ExportForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched(true);
  };
  // The e-mail arrives with the profile; it fills the field until the user types another.
  const shownEmail = !touched && !form.email ? email : form.email;
  const current = { ...form, email: shownEmail };
  const errors = exportFormErrors(current, item.type, item.id, project.id);
  const locked = crsLocked(form.format);
  const site = project.proj;

  const submit = async () => {
    setBusy(true);
    try {
      await startExport(item.type, item.id, { ...exportBody(current, item.type, item.id, project.id), query });
      showSnack(EXPORT_MSG.success, 'success', undefined, SUCCESS_MS);
      useJobsPanel.getState().show('EXPORT');
      onClose();
    } catch (error) {
      const fallback =
        error instanceof ApiError && error.code === 'InvalidParameterValue' ? EXPORT_MSG.invalid : 'app.export.error';
      const { message, severity } = failureOf(error, fallback);
      showSnack(message, severity);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PanelFormDialog
      open={open}
      title={t(TITLES[item.type], { name: item.name })}
      busy={busy}
      canSave={Object.keys(errors).length === 0}
      saveLabel={t('app.export.submit')}
      onSave={() => void submit()}
      onClose={onClose}
      testId="export-dialog"
      saveTestId="export-submit"
      maxWidth="sm"
    >
      <TextField
        select
        label={t('app.export.format')}
        value={form.format}
        onChange={(e) => set({ format: e.target.value as ExportFormat })}
        error={!!errors.format}
        helperText={errors.format ? t(errors.format) : form.format === 'DGN' ? t('app.export.dgn.v7') : ' '}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'export-format' } as object } }}
      >
        {formatsFor(item.type).map((f) => (
          <MenuItem key={f} value={f} data-testid={`export-format-${f}`}>
            {EXPORT_FORMAT_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('app.export.file-name')}
        value={form.fileName}
        required
        onChange={(e) => set({ fileName: cleanExportFileName(e.target.value) })}
        error={!!errors.fileName}
        helperText={errors.fileName ? t(errors.fileName) : ' '}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'export-file-name' } }}
      />
      <TextField
        label={t('app.export.email')}
        type="email"
        value={shownEmail}
        required
        onChange={(e) => set({ email: e.target.value })}
        error={!!errors.email}
        helperText={errors.email ? t(errors.email) : ' '}
        slotProps={{ htmlInput: { maxLength: 129, 'data-testid': 'export-email' } }}
      />
      <Box>
        <FormLabel id="export-crs-label">{t('app.export.crs')}</FormLabel>
        {site && (
          <RadioGroup
            row
            aria-labelledby="export-crs-label"
            value={locked ? 'epsg' : form.crs.kind}
            onChange={(e) =>
              set({
                crs:
                  e.target.value === 'site'
                    ? { kind: 'site', wkt: site.wkt }
                    : { kind: 'epsg', code: `EPSG:${crs?.epsg ?? 4326}` },
              })
            }
          >
            <FormControlLabel value="epsg" control={<Radio disabled={locked} />} label={t('app.export.crs.epsg')} />
            <FormControlLabel
              value="site"
              control={<Radio disabled={locked} />}
              label={t('app.export.crs.site', { name: site.name })}
              data-testid="export-crs-site"
            />
          </RadioGroup>
        )}
        <CrsSearchField
          open={open}
          value={locked ? WGS84 : crs}
          onChange={(option) => {
            setCrs(option);
            set({ crs: { kind: 'epsg', code: `EPSG:${option?.epsg ?? 4326}` } });
          }}
          inputValue={locked ? `EPSG:4326 · ${WGS84.name}` : crsText}
          onInputChange={setCrsText}
          disabled={locked || form.crs.kind === 'site'}
          hintId={locked ? 'app.export.crs.locked' : 'app.export.crs.hint'}
        />
      </Box>
      {form.format === 'PNEZD' && (
        <TextField
          label={t('app.export.point-number')}
          value={form.pointNumber}
          onChange={(e) => set({ pointNumber: e.target.value })}
          error={!!errors.pointNumber}
          helperText={errors.pointNumber ? t(errors.pointNumber) : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'export-point-number' } }}
        />
      )}
      <FormGroup>
        <FormLabel component="legend">{t('app.export.measurement-fields')}</FormLabel>
        <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
          {MEASUREMENT_FIELDS.map((field) => (
            <FormControlLabel
              key={field}
              label={field}
              control={
                <Checkbox
                  checked={form.measurements.includes(field)}
                  onChange={(e) =>
                    set({
                      measurements: e.target.checked
                        ? [...form.measurements, field]
                        : form.measurements.filter((m) => m !== field),
                    })
                  }
                />
              }
            />
          ))}
        </Box>
      </FormGroup>
      <FormControlLabel
        label={t('app.export.attachments')}
        control={
          <Checkbox
            checked={form.attachments}
            onChange={(e) => set({ attachments: e.target.checked })}
            slotProps={{ input: { 'data-testid': 'export-attachments' } as object }}
          />
        }
      />
    </PanelFormDialog>
  );
}
