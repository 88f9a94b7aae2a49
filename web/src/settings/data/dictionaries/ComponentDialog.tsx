import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { useIntl } from 'react-intl';
import {
  COMPONENT_TYPES,
  DICTIONARY_LIMITS,
  DICTIONARY_MSG,
  createComponentSchema,
  defaultComponentStyle,
  type ComponentTypeName,
} from '@fieldbook/domain';
import {
  usePickLists,
  useInvalidateDictionaries,
  type Dictionary,
  type DictComponent,
  type DictSystem,
} from '../../../api/dictionaries';
import { schemaErrors } from '../../../app/form';
import { useT } from '../../../i18n/translate';
import { useSettingsAccess } from '../../access';
import { AttributeDialog } from './AttributeDialog';
import { saveComponent } from './component-save';
import { ComponentStyleSection } from './ComponentStyleSection';
import { messageIn, snackError, snackSuccess } from './feedback';
import { ComponentAttributesList } from './ComponentAttributesList';
import {
  COMPONENT_TYPE_LABEL,
  attributeDraftOf,
  componentTypeId,
  componentTypeName,
  parseStyle,
  sameName,
  type AttributeDraft,
  type StyleDraft,
} from './model';

interface Props {
  open: boolean;
  dictionary: Dictionary;
  system: DictSystem;
  /** Edit this component; add a new one when null. */
  component: DictComponent | null;
  stylingEnabled: boolean;
  onClose: () => void;
}

function initialStyle(component: DictComponent | null, type: ComponentTypeName, color: string): StyleDraft {
  const parsed = parseStyle(component?.style);
  if (parsed?.mode === 'style')
    return { mode: 'style', style: { ...defaultComponentStyle(type, color), ...parsed.style } };
  if (parsed?.mode === 'marker' && type === 'Point') return parsed;
  return { mode: 'style', style: defaultComponentStyle(type, color) };
}

/**
 * Add or edit a component (spec 2 §2, §4, §5): alias (unique in the system), type, the attribute
 * list (add, edit, delete, drag to reorder) and styling. Expands to full screen.
 */
export function ComponentDialog({ open, dictionary, system, component, stylingEnabled, onClose }: Props) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const small = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const access = useSettingsAccess();
  const invalidate = useInvalidateDictionaries();
  const pickLists = usePickLists(dictionary.id, open);
  const globalLists = (pickLists.data ?? []).filter((l) => l.isGlobal);

  const [alias, setAlias] = useState('');
  const [aliasTouched, setAliasTouched] = useState(false);
  const [serverAliasError, setServerAliasError] = useState<string | null>(null);
  const [type, setType] = useState<ComponentTypeName>('Point');
  const [attributes, setAttributes] = useState<AttributeDraft[]>([]);
  const [styling, setStyling] = useState(false);
  const [style, setStyle] = useState<StyleDraft>({
    mode: 'style',
    style: defaultComponentStyle('Point', system.color),
  });
  const [styleValid, setStyleValid] = useState(true);
  const [dirty, setDirty] = useState(false);
  const [full, setFull] = useState(false);
  const [saving, setSaving] = useState(false);
  const [attributeDialog, setAttributeDialog] = useState<{ open: boolean; attribute: AttributeDraft | null }>({
    open: false,
    attribute: null,
  });

  // Each opening (or another component) starts from the component as it is.
  const resetFields = useEffectEvent(() => {
    const initialType = component ? componentTypeName(component.componentTypeId) : 'Point';
    setAlias(component?.alias ?? '');
    setAliasTouched(false);
    setServerAliasError(null);
    setType(initialType);
    setAttributes(component ? [...component.attributes].sort((a, b) => a.order - b.order).map(attributeDraftOf) : []);
    setStyling(component?.componentStyling ?? false);
    setStyle(initialStyle(component, initialType, system.color));
    setStyleValid(true);
    setDirty(false);
    setSaving(false);
    setAttributeDialog({ open: false, attribute: null });
  });
  useEffect(() => {
    if (open) resetFields();
  }, [open, component?.id]);

  const change = () => setDirty(true);
  const others = system.components.filter((c) => c.id !== component?.id);
  let aliasError = schemaErrors(createComponentSchema, {
    systemId: system.id,
    componentTypeId: componentTypeId(type),
    alias,
  }).alias;
  if (!aliasError && others.some((c) => sameName(c.alias, alias))) aliasError = DICTIONARY_MSG.componentNameTaken;
  const shownAliasError = serverAliasError ?? (aliasTouched ? aliasError : undefined);
  const markerMissing = stylingEnabled && styling && style.mode === 'marker' && !style.url;
  const canSave = !aliasError && !serverAliasError && (!component || dirty) && !saving && styleValid && !markerMissing;

  const changeType = (next: ComponentTypeName) => {
    setType(next);
    // Style fields and defaults differ by type (black points, system-coloured lines); a marker is only for points.
    setStyle({ mode: 'style', style: defaultComponentStyle(next, system.color) });
    change();
  };

  const applyAttribute = (draft: AttributeDraft) => {
    setAttributes((list) =>
      list.some((a) => a.key === draft.key) ? list.map((a) => (a.key === draft.key ? draft : a)) : [...list, draft],
    );
    setAttributeDialog({ open: false, attribute: null });
    change();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAliasTouched(true);
    if (!canSave) return;
    setSaving(true);
    try {
      const saved = await saveComponent({
        dictionaryId: dictionary.id,
        organizationId: access?.profile.organization.id ?? null,
        systemId: system.id,
        existing: component,
        draft: { alias, componentTypeId: componentTypeId(type), attributes, styling, style },
        stylingEnabled,
      });
      snackSuccess(component ? 'app.dictionary.component.edited' : 'app.dictionary.component.created', {
        name: saved.alias,
      });
      onClose();
    } catch (error) {
      const known = messageIn(error, [DICTIONARY_MSG.componentNameTaken]);
      if (known) setServerAliasError(known);
      else snackError(error);
    } finally {
      setSaving(false);
      void invalidate();
    }
  };

  const fullScreen = small || full;
  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      data-testid="component-dialog"
      data-fullscreen={fullScreen}
    >
      <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5 }}>
          <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
            {label(component ? 'app.dictionary.component.edit' : 'app.dictionary.component.add')}
            <Typography component="span" color="text.secondary" sx={{ display: 'block', fontSize: '0.875rem' }}>
              {intl.formatMessage({ id: 'app.dictionary.component.in-system' }, { name: system.name })}
            </Typography>
          </Box>
          {!small && (
            <Tooltip title={label(full ? 'app.dictionary.fullscreen.exit' : 'app.dictionary.fullscreen.enter')}>
              <IconButton
                onClick={() => setFull((f) => !f)}
                aria-label={label(full ? 'app.dictionary.fullscreen.exit' : 'app.dictionary.fullscreen.enter')}
                aria-pressed={full}
                data-testid="component-fullscreen"
              >
                {full ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
              </IconButton>
            </Tooltip>
          )}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={3}>
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'start' }}
            >
              <TextField
                label={label('app.dictionary.component.alias')}
                value={alias}
                onChange={(e) => {
                  setAlias(e.target.value);
                  setServerAliasError(null);
                  change();
                }}
                onBlur={() => setAliasTouched(true)}
                required
                autoFocus
                fullWidth
                error={Boolean(shownAliasError)}
                helperText={
                  shownAliasError ? t(shownAliasError, { field: label('app.dictionary.component.alias') }) : ' '
                }
                slotProps={{ htmlInput: { 'data-testid': 'component-alias', maxLength: DICTIONARY_LIMITS.nameMax } }}
              />
              <FormControl component="fieldset" required>
                <FormLabel component="legend" sx={{ fontSize: '0.8rem' }}>
                  {label('app.dictionary.component.type')}
                </FormLabel>
                <RadioGroup row value={type} onChange={(_, v) => changeType(v as ComponentTypeName)}>
                  {COMPONENT_TYPES.map((ct) => (
                    <FormControlLabel
                      key={ct.id}
                      value={ct.name}
                      control={
                        <Radio
                          size="small"
                          slotProps={{ input: { 'data-testid': `component-type-${ct.name}` } as object }}
                        />
                      }
                      label={label(COMPONENT_TYPE_LABEL[ct.name])}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            </Box>

            <ComponentAttributesList
              attributes={attributes}
              onChange={(list) => {
                setAttributes(list);
                change();
              }}
              onAdd={() => setAttributeDialog({ open: true, attribute: null })}
              onEdit={(attribute) => setAttributeDialog({ open: true, attribute })}
            />

            <Divider />
            <Box component="section" aria-labelledby={`${titleId}-styling`}>
              <Typography id={`${titleId}-styling`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                {label('app.dictionary.style.title')}
              </Typography>
              <ComponentStyleSection
                type={type}
                systemColor={system.color}
                stylingEnabled={stylingEnabled}
                styling={styling}
                onStylingChange={(on) => {
                  setStyling(on);
                  change();
                }}
                draft={style}
                onDraftChange={(d) => {
                  setStyle(d);
                  change();
                }}
                onValidChange={setStyleValid}
              />
              {markerMissing && (
                <Typography color="error" variant="body2" sx={{ mt: 1 }} data-testid="style-marker-missing">
                  {label('app.dictionary.style.symbol.required')}
                </Typography>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {label('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canSave} data-testid="component-save">
            {label(component ? 'app.save' : 'app.dictionary.add')}
          </Button>
        </DialogActions>
      </form>
      <AttributeDialog
        open={attributeDialog.open}
        attribute={attributeDialog.attribute}
        otherNames={attributes.filter((a) => a.key !== attributeDialog.attribute?.key).map((a) => a.name)}
        globalLists={globalLists}
        onClose={() => setAttributeDialog({ open: false, attribute: null })}
        onApply={applyAttribute}
      />
    </Dialog>
  );
}
