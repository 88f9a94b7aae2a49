import { useState } from 'react';
import type { Geometry } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { showSnack } from '../../../app/snackbar-store';
import { showLayers } from '../../project-panel/layer-toggles';
import { useMapStore } from '../../state/map-store';
import { NewFeatureDialog } from '../dialogs/NewFeatureDialog';
import { useWorkspaceData } from '../use-workspace-data';
import { DrawingToolbar } from './DrawingToolbar';
import { toolsForLayer } from './tools';
import { useDrawInteraction } from './useDrawInteraction';

/**
 * Drawing a new feature on a layer (mode 'draw'): tools, action message, the drawing, then the
 * new-feature dialog. Saving selects the new feature and reloads its layer.
 */
export function DrawingMode() {
  const mode = useMapStore((s) => s.mode);
  const { project, dictionary, layer } = useWorkspaceData();
  const [drawn, setDrawn] = useState<Geometry | null>(null);
  const [clearKey, setClearKey] = useState(0);
  const drawing = mode.type === 'draw' ? mode : null;
  const target = layer(drawing?.layerId);
  const tools = toolsForLayer(target?.serverName);
  // "Add feature" always asks for the marker; a line or polygon layer starts with its own first tool.
  const tool = drawing ? (tools.includes(drawing.tool) ? drawing.tool : tools[0]) : null;
  const { finish } = useDrawInteraction(tool, drawn !== null, clearKey, setDrawn);

  if (!drawing || !tool || !project) return null;

  const reset = () => {
    setDrawn(null);
    setClearKey((k) => k + 1);
  };
  const cancel = () => {
    reset();
    useMapStore.getState().setMode({ type: 'idle' });
  };
  const saved = (feature: FeatureOut) => {
    reset();
    const store = useMapStore.getState();
    store.setMode({ type: 'idle' });
    // The layer drawn into is shown (it may have been off, e.g. just created) with its new feature selected.
    showLayers(project.id, [drawing.layerId]);
    store.refreshLayers(drawing.layerId);
    store.select({ featureId: feature.id, layerId: drawing.layerId });
    showSnack('app.feature.add.success', 'success');
  };

  return (
    <>
      {!drawn && (
        <DrawingToolbar
          tools={tools}
          tool={tool}
          layerName={target?.name ?? ''}
          onFinish={finish}
          onCancel={cancel}
          onTool={(t) => useMapStore.getState().setMode({ ...drawing, tool: t })}
        />
      )}
      <NewFeatureDialog
        geometry={drawn}
        layerId={drawing.layerId}
        projectId={project.id}
        dictionary={dictionary}
        onCancel={reset}
        onSaved={saved}
      />
    </>
  );
}
