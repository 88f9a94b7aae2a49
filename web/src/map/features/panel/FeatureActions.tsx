import { Box, Divider, IconButton, Tooltip } from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import EditLocationAltIcon from '@mui/icons-material/EditLocationAlt';
import DeleteIcon from '@mui/icons-material/Delete';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import TimelineIcon from '@mui/icons-material/Timeline';
import CallMadeIcon from '@mui/icons-material/CallMade';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import { useState, type ReactElement } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { LEADER_LIMITS, LINE_FN_MSG, isTicketFeatureId } from '@fieldbook/domain';
import { useCurrentAccount } from '../../../api/accounts';
import type { FeatureOut } from '../../../api/features';
import type { Layer, Project } from '../../../api/projects';
import { showSnack } from '../../../app/snackbar-store';
import { useMap } from '../../ol/MapContext';
import { MoveFeaturesDialog } from '../../project-panel/dialogs/MoveFeaturesDialog';
import { showLayers } from '../../project-panel/layer-toggles';
import { canMoveFeature, panelFlags } from '../../project-panel/rights';
import { useMapStore } from '../../state/map-store';
import { DeleteFeatureDialog } from '../dialogs/DeleteFeatureDialog';
import { isMultiPart } from '../geo';
import { useLineFunctionsOn } from '../line-functions/flag';
import { useWorkspace } from '../workspace-store';

interface Props {
  feature: FeatureOut;
  project: Project | undefined;
  layer: Layer | undefined;
}

/** The INFO tab's action bar (spec 3 §2, §4, §6): each action disabled where the spec says so. */
export function FeatureActions({ feature, project, layer }: Props) {
  const intl = useIntl();
  const map = useMap();
  const label = (id: string) => intl.formatMessage({ id });
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [moving, setMoving] = useState(false);
  const flags = panelFlags(useCurrentAccount().data?.organization.functionalityFlags);
  const lineFunctions = useLineFunctionsOn();
  const editing = useMapStore((s) => s.mode.type === 'edit');
  const p = feature.properties;
  // A one-call ticket shows what its center sent (spec 3 §2): read-only.
  const writable = !!feature.abilities?.edit && !layer?.readOnly && !isTicketFeatureId(feature.id);
  const otherDictionary = !!p.dictionary_id && p.dictionary_id !== project?.dataDictionaryId;
  const geometryEditable = writable && !otherDictionary && !isMultiPart(feature.geometry);
  const isPoint = feature.id.startsWith('point.');
  const isLine = feature.id.startsWith('line.');

  const action = (id: string, testId: string, icon: ReactElement, onClick: () => void, enabled: boolean) => (
    <Tooltip title={label(id)} key={testId}>
      <span>
        <IconButton aria-label={label(id)} onClick={onClick} disabled={!enabled || editing} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  const addLeader = () => {
    // Leaders draw only above the leader zoom, so creating one below it would be invisible (spec 3 §8).
    if ((map.getView().getZoom() ?? 0) <= LEADER_LIMITS.zoomThreshold) {
      showSnack('app.leader.increase.zoom', 'info');
      return;
    }
    useWorkspace.getState().setLeaderDraft({ featureId: feature.id, folderId: p.folder_id });
  };

  // After a move the feature belongs to another layer: the selection ends and the target layer is turned on to show it there.
  const onMoved = (target: Layer) => {
    useMapStore.getState().select(null);
    void queryClient.invalidateQueries({ queryKey: ['features'] });
    if (target.projectId === project?.id) showLayers(target.projectId, [target.id]);
  };

  return (
    <Box
      role="toolbar"
      aria-label={label('app.feature.actions')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', px: 1, py: 0.5, gap: 0.25 }}
      data-testid="feature-actions"
    >
      {action(
        'app.feature.edit.attributes',
        'feature-edit-attributes',
        <EditNoteIcon />,
        () => useWorkspace.getState().setEditPanel(p.dictionary_id ? 'attributes' : 'properties'),
        writable && !otherDictionary,
      )}
      {action(
        'app.feature.edit.geometry',
        'feature-edit-geometry',
        <EditLocationAltIcon />,
        () => {
          useWorkspace.getState().setEditPanel(null);
          useMapStore.getState().setMode({ type: 'edit', featureId: feature.id });
        },
        geometryEditable,
      )}
      {action(
        'app.feature.delete',
        'feature-delete',
        <DeleteIcon />,
        () => setDeleting(true),
        !!feature.abilities?.admin && !layer?.readOnly,
      )}
      {action(
        'app.feature.move',
        'feature-move',
        <DriveFileMoveIcon />,
        () => setMoving(true),
        canMoveFeature(flags, project, feature, layer),
      )}
      {lineFunctions && <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />}
      {lineFunctions &&
        isLine &&
        action(
          'app.line.join',
          'feature-join-line',
          <MergeTypeIcon />,
          () => {
            useMapStore.getState().setMode({ type: 'join-line', featureId: feature.id });
            showSnack(LINE_FN_MSG.joinPick, 'info');
          },
          writable,
        )}
      {lineFunctions &&
        isPoint &&
        action(
          'app.line.create.from.points',
          'feature-join-points',
          <TimelineIcon />,
          () => {
            useMapStore.getState().setMode({ type: 'join-points', featureIds: [feature.id] });
            showSnack(LINE_FN_MSG.pointsPick, 'info');
            // Making a line needs feature rights (the server checks create on the target line layer); viewers have none.
          },
          writable,
        )}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      {action('app.leader.add', 'feature-add-leader', <CallMadeIcon />, addLeader, writable)}
      <DeleteFeatureDialog
        open={deleting}
        featureId={feature.id}
        layerId={p.layer_id}
        onClose={() => setDeleting(false)}
      />
      {moving && (
        <MoveFeaturesDialog
          open
          featureIds={[feature.id]}
          sourceLayerId={p.layer_id}
          onMoved={onMoved}
          onClose={() => setMoving(false)}
        />
      )}
    </Box>
  );
}
