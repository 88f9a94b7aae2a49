import { Button, Paper, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import CropSquareIcon from '@mui/icons-material/CropSquare';
import { useIntl } from 'react-intl';
import { FloatingBar, messageSx } from '../FloatingBar';
import { isMultiClickTool, type DrawTool } from './tools';

const ICONS: Record<DrawTool, typeof PlaceIcon> = {
  marker: PlaceIcon,
  circle: CircleOutlinedIcon,
  polygon: PentagonOutlinedIcon,
  polyline: TimelineIcon,
  rectangle: CropSquareIcon,
};

interface Props {
  tools: DrawTool[];
  tool: DrawTool;
  layerName: string;
  onTool: (tool: DrawTool) => void;
  onFinish: () => void;
  onCancel: () => void;
}

/** The floating drawing tools and the action message with Cancel (spec 3 §2 dialogs, §4 drawing flow). */
export function DrawingToolbar({ tools, tool, layerName, onTool, onFinish, onCancel }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <FloatingBar>
      <Paper elevation={4}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={tool}
          onChange={(_, v: DrawTool | null) => v && onTool(v)}
          aria-label={label('app.feature.draw.tools')}
          data-testid="draw-toolbar"
        >
          {tools.map((t) => {
            const Icon = ICONS[t];
            return (
              <Tooltip key={t} title={label(`app.feature.draw.tool.${t}`)}>
                <ToggleButton value={t} aria-label={label(`app.feature.draw.tool.${t}`)} data-testid={`draw-tool-${t}`}>
                  <Icon fontSize="small" />
                </ToggleButton>
              </Tooltip>
            );
          })}
        </ToggleButtonGroup>
      </Paper>
      <Paper elevation={4} role="status" sx={messageSx} data-testid="draw-action-message">
        <Typography variant="body2">{label(`app.feature.draw.message.${tool}`, { layer: layerName })}</Typography>
        {isMultiClickTool(tool) && (
          <Button size="small" onClick={onFinish} data-testid="draw-finish">
            {label('app.feature.draw.finish')}
          </Button>
        )}
        <Button size="small" color="inherit" onClick={onCancel} data-testid="draw-cancel">
          {label('app.cancel')}
        </Button>
      </Paper>
    </FloatingBar>
  );
}
