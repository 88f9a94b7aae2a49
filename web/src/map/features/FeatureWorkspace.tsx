import { Box } from '@mui/material';
import { DrawingMode } from './drawing/DrawingMode';
import { GeometryEditor } from './edit/GeometryEditor';
import { LeaderDrawer } from './leaders/LeaderDrawer';
import { LeaderLayer } from './leaders/LeaderLayer';
import { LeaderSnackbar } from './leaders/LeaderSnackbar';
import { JoinModeBar } from './line-functions/JoinModeBar';
import { FeaturePanel } from './panel/FeaturePanel';
import { SelectionOverlay } from './selection/SelectionOverlay';
import { useMapClick } from './selection/useMapClick';

/**
 * Feature selection, drawing, editing and the feature panel of spec 3 §2 and §4. The floating bars
 * sit over the map (the box covers it without catching clicks); the panel takes its place at the right.
 */
export function FeatureWorkspace() {
  useMapClick();
  return (
    <>
      <SelectionOverlay />
      <LeaderLayer />
      <Box sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', '& > *': { pointerEvents: 'auto' } }}>
        <DrawingMode />
        <GeometryEditor />
        <JoinModeBar />
      </Box>
      <FeaturePanel />
      <LeaderDrawer />
      <LeaderSnackbar />
    </>
  );
}
