import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormControl, FormControlLabel, FormLabel,
  IconButton, Radio, RadioGroup, Stack, TextField, Tooltip, Typography, useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { useIntl } from 'react-intl';
import {
  COMPONENT_TYPES, DICTIONARY_LIMITS, DICTIONARY_MSG, createComponentSchema, defaultComponentStyle, type ComponentTypeName,
} from '@fieldbook/domain';
import {
  usePickLists, useInvalidateDictionaries, type Dictionary, type DictComponent, type DictSystem,
} from '../../../api/dictionaries';
import { schemaErrors } from '../../../app/form';
import { useT } from '../../../i18n/translate';
import { useSettingsAccess } from '../../access';
import { AttributeDialog } from './AttributeDialog';
import { saveComponent } from './component-save';
import { ComponentStyleSection } from './ComponentStyleSection';
import { messageIn, snackError, snackSuccess } from './feedback';
import {
  ATTRIBUTE_TYPE_LABEL, COMPONENT_TYPE_LABEL, TOKEN_LABEL, attributeDraftOf, componentTypeId, componentTypeName, isToken,
  parseStyle, sameName, typeOf, type AttributeDraft, type StyleDraft,
} from './model';
import { DragHandle, SortableList } from './Sortable';

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
  if (parsed?.mode === 'style') return { mode: 'style', style: { ...defaultComponentStyle(type, color), ...parsed.style } };
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
  const [style, setStyle] = useState<StyleDraft>({ mode: 'style', style: defaultComponentStyle('Point', system.color) });
  const [styleValid, setStyleValid] = useState(true);
  const [dirty, setDirty] = useState(false);
  const [full, setFull] = useState(false);
  const [saving, setSaving] = useState(false);
  const [attributeDialog, setAttributeDialog] = useState<{ open: boolean; attribute: AttributeDraft | null }>({ open: false, attribute: null });

  useEffect(() => {
    if (!open) return;
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
  }, [open, component?.id]);

  const change = () => setDirty(true);
  const others = system.components.filter((c) => c.id !== component?.id);
  let aliasError = schemaErrors(createComponentSchema, { systemId: system.id, componentTypeId: componentTypeId(type), alias }).alias;
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
    setAttributes((list) => (list.some((a) => a.key === draft.key) ? list.map((a) => (a.key === draft.key ? draft : a)) : [...list, draft]));
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
      snackSuccess(component ? 'app.dictionary.component.edited' : 'app.dictionary.component.created', { name: saved.alias });
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
  const typeLabel = (a: AttributeDraft) => {
    const name = typeOf(a);
    return name ? label(ATTRIBUTE_TYPE_LABEL[name]) : '';
  };
  const defaultText = (a: AttributeDraft) => {
    const v = a.defaultValue.trim();
    if (!v) return null;
    return isToken(v) && TOKEN_LABEL[v] ? `${label(TOKEN_LABEL[v])} (${v})` : v;
  };

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
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'start' }}>
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
                helperText={shownAliasError ? t(shownAliasError, { field: label('app.dictionary.component.alias') }) : ' '}
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
                      control={<Radio size="small" slotProps={{ input: { 'data-testid': `component-type-${ct.name}` } as object }} />}
                      label={label(COMPONENT_TYPE_LABEL[ct.name])}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
            </Box>

            <Box component="section" aria-labelledby={`${titleId}-attributes`}>
              <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                <Typography id={`${titleId}-attributes`} variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
                  {label('app.dictionary.attributes')}
                  <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                    ({attributes.length})
                  </Typography>
                </Typography>
                <Button startIcon={<AddIcon />} onClick={() => setAttributeDialog({ open: true, attribute: null })} data-testid="attribute-add">
                  {label('app.dictionary.attribute.add')}
                </Button>
              </Box>
              {attributes.length === 0 ? (
                <Typography color="text.secondary" variant="body2" sx={{ py: 1 }} data-testid="attributes-empty">
                  {label('app.dictionary.attributes.none')}
                </Typography>
              ) : (
                <Box role="list" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
                  <SortableList
                    items={attributes}
                    getId={(a) => a.key}
                    getLabel={(a) => a.name}
                    onReorder={(ids) => {
                      setAttributes(ids.map((id) => attributes.find((a) => a.key === id)!));
                      change();
                    }}
                  >
                    {(a, handle) => (
                      <Box
                        role="listitem"
                        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.75, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
                        data-testid="attribute-row"
                        data-name={a.name}
                      >
                        {handle && (
                          <DragHandle
                            handle={handle}
                            label={intl.formatMessage({ id: 'app.dictionary.drag.handle' }, { name: a.name })}
                            testId="attribute-handle"
                          />
                        )}
                        <Box sx={{ flex: 1, minWidth: 0 }}>
                          <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
                            {a.name}
                          </Typography>
                          <Typography variant="caption" color="text.secondary" component="div" sx={{ wordBreak: 'break-word' }}>
                            {typeLabel(a)}
                            {defaultText(a) && ` · ${intl.formatMessage({ id: 'app.dictionary.attribute.default.is' }, { value: defaultText(a) ?? '' })}`}
                            {typeOf(a) !== 'Global Pick List' && a.values.length > 0 &&
                              ` · ${intl.formatMessage({ id: 'app.dictionary.picklist.value-count' }, { count: a.values.length })}`}
                          </Typography>
                        </Box>
                        {a.required && <Chip size="small" label={label('app.dictionary.attribute.required.short')} />}
                        <Tooltip title={label('app.dictionary.edit')}>
                          <IconButton
                            size="small"
                            onClick={() => setAttributeDialog({ open: true, attribute: a })}
                            aria-label={intl.formatMessage({ id: 'app.dictionary.attribute.edit.aria' }, { name: a.name })}
                            data-testid="attribute-edit"
                          >
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={label('app.dictionary.delete')}>
                          <IconButton
                            size="small"
                            onClick={() => {
                              setAttributes((list) => list.filter((x) => x.key !== a.key));
                              change();
                            }}
                            aria-label={intl.formatMessage({ id: 'app.dictionary.attribute.delete.aria' }, { name: a.name })}
                            data-testid="attribute-delete"
                          >
                            <DeleteOutlineIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </Box>
                    )}
                  </SortableList>
                </Box>
              )}
            </Box>

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
