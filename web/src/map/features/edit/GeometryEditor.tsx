import { Button, Paper, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import Feature from 'ol/Feature';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { normalizeGeometry } from '@fieldbook/domain';
import { useFeature } from '../../../api/features';
import { useMap } from '../../ol/MapContext';
import { useMapStore } from '../../state/map-store';
import { fromOlGeometry, kindOf, toOlGeometry } from '../geo';
import { useFeatureSave } from '../panel/useFeatureSave';
import { editStyle } from '../styles';
import { FloatingBar, messageSx } from '../FloatingBar';
import type { FeatureOut } from '../../../api/features';

/** Mode 'edit' (spec 3 §4 editing): the selected feature's geometry is edited on a copy, so Cancel leaves the original. */
export function GeometryEditor() {
  const mode = useMapStore((s) => s.mode);
  const featureId = mode.type === 'edit' ? mode.featureId : null;
  const feature = useFeature(featureId).data;
  if (!featureId || !feature || feature.id !== featureId) return null;
  return <Editor key={feature.id + feature.properties.modified} feature={feature} />;
}

function Editor({ feature }: { feature: FeatureOut }) {
  const intl = useIntl();
  const map = useMap();
  const copy = useRef(new Feature(toOlGeometry(feature.geometry)));
  const [changed, setChanged] = useState(false);
  const { save, busy } = useFeatureSave(feature);

  useEffect(() => {
    const source = new VectorSource({ features: [copy.current] });
    const layer = new VectorLayer({ source, style: editStyle, zIndex: 950 });
    const modify = new Modify({ source, pixelTolerance: 12 });
    modify.on('modifyend', () => setChanged(true));
    map.addLayer(layer);
    map.addInteraction(modify);
    return () => {
      map.removeInteraction(modify);
      map.removeLayer(layer);
    };
  }, [map]);

  const done = () => useMapStore.getState().setMode({ type: 'idle' });
  const submit = async () => {
    const g = copy.current.getGeometry();
    if (!g) return;
    const drawn = fromOlGeometry(g);
    const geometry = normalizeGeometry(kindOf(drawn), drawn) ?? drawn;
    if (await save({}, geometry, 'app.feature.edit.success')) done();
  };

  return (
    <FloatingBar>
      <Paper elevation={4} role="status" data-testid="geometry-edit-bar" sx={messageSx}>
        <Typography variant="body2">{intl.formatMessage({ id: 'app.feature.edit.geometry.message' })}</Typography>
        <Button size="small" color="inherit" onClick={done} disabled={busy} data-testid="geometry-edit-cancel">
          {intl.formatMessage({ id: 'app.cancel' })}
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={submit}
          disabled={busy || !changed}
          data-testid="geometry-edit-save"
        >
          {intl.formatMessage({ id: 'app.save' })}
        </Button>
      </Paper>
    </FloatingBar>
  );
}
