import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Geometry } from '@fieldbook/domain';
import { ApiError } from '../../../api/client';
import { featuresApi, type FeatureOut } from '../../../api/features';
import type { Dictionary } from '../../../api/dictionaries';
import { useT } from '../../../i18n/translate';
import { kindOf } from '../geo';
import { readDictionaryPrefs, saveDictionaryPrefs } from '../prefs';
import { ClassificationFields } from './ClassificationFields';
import {
  classificationValid,
  componentsFor,
  findComponent,
  initialValues,
  toAttributeList,
  type Classification,
} from './attribute-form';

interface Props {
  /** The drawn geometry, already normalized (Point, MultiLineString, MultiPolygon). */
  geometry: Geometry | null;
  layerId: string;
  projectId: string;
  dictionary: Dictionary | undefined;
  onCancel: () => void;
  onSaved: (feature: FeatureOut) => void;
}

/** The last system and component used in this project, when they still suit the geometry. */
function remembered(dictionary: Dictionary | undefined, projectId: string, geometry: Geometry): Classification {
  const prefs = readDictionaryPrefs(projectId);
  const system = dictionary?.systems.find((s) => s.id === prefs.lastSystemId);
  if (!system || prefs.dictionaryId !== dictionary?.id) return { systemId: '', componentId: '', values: {} };
  const component = componentsFor(system, kindOf(geometry)).find((c) => c.id === prefs.lastComponentId);
  return { systemId: system.id, componentId: component?.id ?? '', values: initialValues(component) };
}

/** New feature with dictionary (spec 3 §2): a failed save keeps the drawing and the input, with the server's message. */
export function NewFeatureDialog({ geometry, layerId, projectId, dictionary, onCancel, onSaved }: Props) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [value, setValue] = useState<Classification>({ systemId: '', componentId: '', values: {} });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A new drawing starts a fresh form with the remembered choice; a refetched dictionary never resets the input.
  const started = useRef<{ geometry: Geometry | null; withDictionary: boolean }>({
    geometry: null,
    withDictionary: false,
  });
  useEffect(() => {
    if (!geometry) return;
    const fresh = started.current.geometry !== geometry;
    if (!fresh && (started.current.withDictionary || !dictionary)) return;
    started.current = { geometry, withDictionary: !!dictionary };
    setValue(remembered(dictionary, projectId, geometry));
    if (fresh) setError(null);
  }, [geometry, dictionary, projectId]);

  if (!geometry) return null;
  const kind = kindOf(geometry);
  const valid = classificationValid(dictionary, value, kind);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const component = findComponent(dictionary, value);
      const feature = await featuresApi.create({
        type: 'Feature',
        geometry,
        properties: {
          layer_id: layerId,
          dictionary_id: dictionary?.id ?? null,
          system_id: value.systemId,
          component_id: value.componentId,
          attributes: toAttributeList(component, value.values),
        },
      });
      saveDictionaryPrefs(projectId, {
        dictionaryId: dictionary?.id,
        lastSystemId: value.systemId,
        lastComponentId: value.componentId,
      });
      onSaved(feature);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'app.error.occurred');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      data-testid="new-feature-dialog"
    >
      <DialogTitle id={titleId}>{intl.formatMessage({ id: 'app.feature.new.title' })}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="new-feature-error">
            {t(error)}
          </Alert>
        )}
        <ClassificationFields
          dictionary={dictionary}
          kind={kind}
          value={value}
          onChange={setValue}
          showAllErrors={!!error}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid="new-feature-cancel">
          {intl.formatMessage({ id: 'app.cancel' })}
        </Button>
        <Button variant="contained" onClick={save} disabled={!valid || busy} data-testid="new-feature-save">
          {intl.formatMessage({ id: 'app.save' })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
