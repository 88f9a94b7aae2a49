import { useEffect, useEffectEvent, useState } from 'react';
import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { PROJECT_LIMITS, PROJECT_MSG, createLayerSchema } from '@fieldbook/domain';
import { projectWrites, useProject, type Folder, type Layer } from '../../../api/projects';
import { useStyles } from '../../../api/styles';
import { useMapStore } from '../../state/map-store';
import { showLayers } from '../layer-toggles';
import { layerAbilities } from '../rights';
import { fieldError } from './field-error';
import { fieldsChanged, fieldsInput, rowErrors, rowsOf, type FieldRow } from './layer-field-rows';
import { LayerFieldsEditor } from './LayerFieldsEditor';
import { NameField, useNameInput } from './NameField';
import { PanelFormDialog } from './PanelFormDialog';
import { useProjectWrite } from './project-write';

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
 * changed style is saved with stylesUpdated=true (§7). A layer admin edits the layer's typed fields
 * (issue #10 §1), sent only when changed; others see them.
 */
export function LayerDialog({ open, projectId, folder, layer, siblingNames, geoserver, onClose }: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { busy, run } = useProjectWrite(onClose);
  const queryClient = useQueryClient();
  const styles = useStyles(open && !!layer).data ?? [];
  const nameInput = useNameInput();
  const [method, setMethod] = useState('WFS');
  const [readOnly, setReadOnly] = useState(false);
  const [styleId, setStyleId] = useState('');
  const [fieldRows, setFieldRows] = useState<FieldRow[]>([]);
  const project = useProject(projectId).data;
  // Who may create the layer sets its first fields (as an import does); then only a layer admin changes them.
  const fieldsEditable = !layer || (!!project && layerAbilities(project, layer).admin);
  const storedFields = layer?.fields ?? [];
  // Each opening (or another layer) starts from the layer's values.
  const resetFields = useEffectEvent(() => {
    nameInput.reset(layer?.name ?? '');
    setMethod(layer?.preferredMethod ?? 'WFS');
    setReadOnly(layer?.readOnly ?? false);
    setStyleId(layer?.styles[0]?.id ?? '');
    setFieldRows(rowsOf(layer?.fields ?? []));
  });
  useEffect(() => {
    if (open) resetFields();
  }, [open, layer]);

  const name = nameInput.name;
  const taken = siblingNames.some((n) => n.toLowerCase() === name.trim().toLowerCase() && n !== layer?.name);
  const nameError =
    fieldError(createLayerSchema, { name }, 'name') ??
    (taken ? PROJECT_MSG.layerNameExists : undefined) ??
    nameInput.serverError;
  const folderId = layer?.folderId ?? folder?.id ?? '';
  const fieldErrors = rowErrors(fieldRows, storedFields);
  const fieldsValid = !fieldErrors.list && fieldErrors.names.every((e) => !e);
  const sendFields = fieldsEditable && fieldsChanged(fieldRows, storedFields);

  const write = async () => {
    if (layer) {
      const stylesUpdated = styleId !== (layer.styles[0]?.id ?? '');
      await projectWrites.updateLayer(
        projectId,
        folderId,
        {
          id: layer.id,
          name: name.trim(),
          preferredMethod: method,
          readOnly,
          styles: styleId ? [{ id: styleId }] : [],
          ...(sendFields ? { fields: fieldsInput(fieldRows) } : {}),
        },
        stylesUpdated,
      );
      useMapStore.getState().refreshLayers(layer.id);
      // Read-only decides what may be done to the layer's features (their abilities); renamed or
      // removed fields change their values.
      if (readOnly !== layer.readOnly || sendFields) void queryClient.invalidateQueries({ queryKey: ['features'] });
    } else {
      const fields = sendFields ? fieldsInput(fieldRows).map(({ name, type, order }) => ({ name, type, order })) : [];
      const created = await projectWrites.createLayer(projectId, folderId, {
        name: name.trim(),
        ...(fields.length ? { fields } : {}),
      });
      // A new layer is shown: the user made it to draw into or import into (issue #12 defect 1).
      showLayers(projectId, [created.id]);
    }
    return { message: layer ? 'app.layer.updated' : 'app.layer.created', values: { name: name.trim() } };
  };
  const save = () =>
    run(write, layer ? 'app.layer.update.error' : 'app.layer.create.error', {
      messageId: PROJECT_MSG.layerNameExists,
      show: nameInput.showServerError,
    });

  return (
    <PanelFormDialog
      open={open}
      title={t(layer ? 'app.layer.edit' : 'app.layer.new')}
      busy={busy}
      canSave={!nameError && (!sendFields || fieldsValid)}
      saveLabel={t(layer ? 'app.save' : 'app.project-panel.create')}
      onSave={() => void save()}
      onClose={onClose}
      testId="layer-dialog"
      saveTestId="layer-save"
      maxWidth={fieldsEditable ? 'sm' : 'xs'}
    >
      <NameField
        label={t('app.layer.name')}
        input={nameInput}
        error={nameError}
        maxLength={PROJECT_LIMITS.layerNameMax}
        testId="layer-name"
      />
      {layer && (
        <>
          <TextField
            select
            label={t('app.layer.method')}
            value={method}
            onChange={(e) => setMethod(e.target.value)}
            helperText={geoserver ? ' ' : t('app.layer.method.geoserver-off')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'layer-method' } as object } }}
          >
            {METHODS.map((m) => (
              <MenuItem key={m} value={m} disabled={m !== 'WFS' && !geoserver}>
                {m}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('app.layer.style')}
            value={styleId}
            onChange={(e) => setStyleId(e.target.value)}
            slotProps={{
              select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'layer-style' } as object },
              inputLabel: { shrink: true },
            }}
          >
            <MenuItem value="">{t('app.layer.style.default')}</MenuItem>
            {styles.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox
                checked={readOnly}
                onChange={(_, c) => setReadOnly(c)}
                slotProps={{ input: { 'data-testid': 'layer-read-only' } as object }}
              />
            }
            label={t('app.layer.read-only')}
          />
        </>
      )}
      {(fieldsEditable || fieldRows.length > 0) && (
        <LayerFieldsEditor rows={fieldRows} onChange={setFieldRows} errors={fieldErrors} editable={fieldsEditable} />
      )}
    </PanelFormDialog>
  );
}
