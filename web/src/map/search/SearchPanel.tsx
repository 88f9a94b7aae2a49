import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import CloseFullscreenIcon from '@mui/icons-material/CloseFullscreen';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { useIntl } from 'react-intl';
import { SEARCH_PANEL } from '@fieldbook/domain';
import { ResizeGrip } from '../floating/ResizeGrip';
import { useStackLevel, useWindowStack } from '../floating/window-stack';
import { useFloatingWindow } from '../floating/use-floating-window';
import type { WindowLimits } from '../floating/floating-window';
import { LayerMatches } from './LayerMatches';
import { ResultTable } from './ResultTable';
import { SearchBox } from './SearchBox';
import { useSearchPanel } from './search-store';

/**
 * Spec 3 §9: minimum width 375, default height 420. It opens on the left below the place search: the
 * project panel (its attribute-table action opens this panel) and the map controls are on the right.
 */
const SEARCH_WINDOW: WindowLimits = {
  minWidth: SEARCH_PANEL.minWidth,
  minHeight: 240,
  maxWidth: 760,
  maxHeight: SEARCH_PANEL.defaultHeight,
  margin: 8,
  side: 'left',
};

/** Below the app bar (56 px on phones, 64 px otherwise). */
const topOffset = () => (window.innerWidth < 600 ? 56 : 64);
/** The map's place search box under the app bar, left uncovered. */
const PLACE_SEARCH_HEIGHT = 56;

/**
 * The search panel (spec 3 §2): a floating card the user drags and resizes, with a search box, quick
 * filters, collapse and maximize; below it the layers that match, grouped by folder, or one layer's
 * result table (which is also the layer's attribute table).
 */
export function SearchPanel() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { collapsed, maximized, layerId, setCollapsed, setMaximized, close } = useSearchPanel();
  const { rect, moveHandle, resizeHandle } = useFloatingWindow(topOffset() + PLACE_SEARCH_HEIGHT, SEARCH_WINDOW);
  const level = useStackLevel('search');
  const place = maximized
    ? { left: 0, top: topOffset(), width: '100vw', height: `calc(100dvh - ${topOffset()}px)` }
    : { left: rect.x, top: rect.y, width: rect.width, height: collapsed ? 'auto' : rect.height };

  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-label={t('app.search')}
      data-testid="search-panel"
      // A press anywhere in the window brings it in front of the other floating window.
      onPointerDownCapture={() => useWindowStack.getState().raise('search')}
      sx={{
        position: 'fixed',
        ...place,
        zIndex: (theme) => theme.zIndex.appBar + 1 + level,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Box
        {...(maximized ? {} : moveHandle)}
        tabIndex={0}
        aria-label={t('app.search.move')}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: 2,
          pr: 0.5,
          minHeight: 44,
          cursor: maximized ? 'default' : 'move',
          touchAction: 'none',
          userSelect: 'none',
          borderBottom: 1,
          borderColor: 'divider',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
          {t('app.search')}
        </Typography>
        <Tooltip title={t(maximized ? 'app.search.restore' : 'app.search.maximize')}>
          <IconButton
            size="small"
            aria-label={t(maximized ? 'app.search.restore' : 'app.search.maximize')}
            aria-pressed={maximized}
            onClick={() => setMaximized(!maximized)}
          >
            {maximized ? <CloseFullscreenIcon fontSize="small" /> : <OpenInFullIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t(collapsed ? 'app.search.expand' : 'app.search.collapse')}>
          <IconButton
            size="small"
            aria-label={t(collapsed ? 'app.search.expand' : 'app.search.collapse')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? <ExpandMoreIcon fontSize="small" /> : <ExpandLessIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={t('app.search.close')}>
          <IconButton size="small" aria-label={t('app.search.close')} onClick={close}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {!collapsed && (
        <>
          <SearchBox />
          <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
            {layerId ? <ResultTable layerId={layerId} /> : <LayerMatches />}
          </Box>
          {!maximized && <ResizeGrip {...resizeHandle} label={t('app.search.resize')} />}
        </>
      )}
    </Paper>
  );
}
