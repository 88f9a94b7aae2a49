import { Box, Button } from '@mui/material';
import { useIntl } from 'react-intl';
import { LINE_FN_MSG } from '@fieldbook/domain';
import { featuresApi, type FeatureOut } from '../../../api/features';
import { vertices } from '../geo';
import { useWorkspace } from '../workspace-store';
import { useLineFunctionsOn } from './flag';
import { useLineAction } from './useLineAction';

/** Remove or split at the current vertex of the pedigree arrows (spec 3 §4 line functions). */
export function VertexFunctions({
  feature,
  vertex,
  enabled,
}: {
  feature: FeatureOut;
  vertex: number;
  enabled: boolean;
}) {
  const intl = useIntl();
  const on = useLineFunctionsOn();
  const { run, busy } = useLineAction();
  const count = vertices(feature.geometry).length;
  if (!on) return null;
  const layerId = feature.properties.layer_id;
  const remove = async () => {
    if (await run(() => featuresApi.removeVertex(feature.id, vertex), LINE_FN_MSG.removeVertexSuccess, [layerId])) {
      useWorkspace.getState().setVertex(Math.max(0, vertex - 1));
    }
  };
  const split = async () => {
    const result = await run(() => featuresApi.split(feature.id, vertex), LINE_FN_MSG.splitSuccess, [layerId]);
    if (result) useWorkspace.getState().setVertex(0);
  };
  const inner = vertex > 0 && vertex < count - 1;
  return (
    <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 0.5, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        disabled={!enabled || busy || count <= 2}
        onClick={remove}
        data-testid="vertex-remove"
      >
        {intl.formatMessage({ id: 'app.line.remove-vertex' })}
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={!enabled || busy || !inner}
        onClick={split}
        data-testid="vertex-split"
      >
        {intl.formatMessage({ id: 'app.line.split' })}
      </Button>
    </Box>
  );
}
