import { isTicketFeatureId } from '@fieldbook/domain';
import { Box } from '@mui/material';
import type { FeatureOut } from '../../../api/features';
import { useWorkspace } from '../workspace-store';
import { useWorkspaceData } from '../use-workspace-data';
import { AttributeEditPanel } from './AttributeEditPanel';
import { FeatureActions } from './FeatureActions';
import { FeatureFields } from './FeatureFields';
import { FeatureProperties } from './FeatureProperties';
import { PropertyEditPanel } from './PropertyEditPanel';
import { SecondaryArea } from './SecondaryArea';

/** INFO tab (spec 3 §2): properties or an edit panel, the layer's typed fields, the action bar, and the secondary area. */
export function InfoTab({ feature }: { feature: FeatureOut }) {
  const { project, dictionary, layer } = useWorkspaceData();
  const editPanel = useWorkspace((s) => s.editPanel);
  const close = () => useWorkspace.getState().setEditPanel(null);
  const featureLayer = layer(feature.properties.layer_id);
  const writable = !!feature.abilities?.edit && !featureLayer?.readOnly && !isTicketFeatureId(feature.id);
  return (
    <Box>
      <FeatureActions feature={feature} project={project} layer={featureLayer} />
      {editPanel === 'attributes' && (
        <AttributeEditPanel key={feature.id} feature={feature} dictionary={dictionary} onDone={close} />
      )}
      {editPanel === 'properties' && <PropertyEditPanel key={feature.id} feature={feature} onDone={close} />}
      {!editPanel && <FeatureProperties feature={feature} dictionary={dictionary} />}
      {/* Its own key: a sibling keyed like the edit panel kept that panel on screen after it closed. */}
      <FeatureFields key={`fields-${feature.id}`} feature={feature} layer={featureLayer} writable={writable} />
      <SecondaryArea feature={feature} project={project} writable={writable} />
    </Box>
  );
}
