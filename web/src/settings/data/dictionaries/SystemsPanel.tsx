import { useId, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { useIntl } from 'react-intl';
import type { DictSystem } from '../../../api/dictionaries';
import { DragHandle, SortableList } from './Sortable';

export function ColorDot({ color, size = 14 }: { color: string; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: color,
        border: 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    />
  );
}

interface PanelProps {
  systems: DictSystem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  canEdit: boolean;
  onAdd: () => void;
  onEdit: (system: DictSystem) => void;
  onDelete: (system: DictSystem) => void;
  onReorder: (ids: string[]) => void;
}

/** Wide screens: the systems as a side list, draggable by their handles, each with an edit/delete menu. */
export function SystemsSideList({
  systems,
  selectedId,
  onSelect,
  canEdit,
  onAdd,
  onEdit,
  onDelete,
  onReorder,
}: PanelProps) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component="nav"
      aria-labelledby={headingId}
      sx={{
        width: 280,
        flexShrink: 0,
        alignSelf: 'flex-start',
        position: 'sticky',
        top: 80,
        maxHeight: 'calc(100dvh - 100px)',
        overflowY: 'auto',
      }}
      data-testid="systems-panel"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {label('app.dictionary.systems')} ({systems.length})
        </Typography>
        {canEdit && (
          <Tooltip title={label('app.dictionary.system.add')}>
            <IconButton onClick={onAdd} aria-label={label('app.dictionary.system.add')} data-testid="systems-add">
              <AddIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {systems.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ p: 2 }} data-testid="systems-empty">
          {label('app.dictionary.systems.none')}
        </Typography>
      ) : (
        <Box role="list" data-testid="systems-list">
          <SystemRows
            systems={systems}
            selectedId={selectedId}
            onSelect={onSelect}
            canEdit={canEdit}
            onEdit={onEdit}
            onDelete={onDelete}
            onReorder={onReorder}
          />
        </Box>
      )}
    </Paper>
  );
}

function SystemRows({
  systems,
  selectedId,
  onSelect,
  canEdit,
  onEdit,
  onDelete,
  onReorder,
}: Omit<PanelProps, 'onAdd'>) {
  const intl = useIntl();
  return (
    <SortableList
      items={systems}
      getId={(s) => s.id}
      getLabel={(s) => s.name}
      disabled={!canEdit}
      onReorder={onReorder}
    >
      {(s, handle) => (
        <Box
          role="listitem"
          sx={{
            display: 'flex',
            alignItems: 'center',
            pl: handle ? 0.5 : 0,
            pr: 0.5,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
          data-testid="system-row"
          data-name={s.name}
        >
          {handle && (
            <DragHandle
              handle={handle}
              label={intl.formatMessage({ id: 'app.dictionary.drag.handle' }, { name: s.name })}
              testId="system-handle"
            />
          )}
          <ListItemButton
            selected={s.id === selectedId}
            onClick={() => onSelect(s.id)}
            aria-current={s.id === selectedId ? 'true' : undefined}
            sx={{ borderRadius: 1, py: 0.75, minWidth: 0 }}
            data-testid="system-select"
          >
            <ListItemIcon sx={{ minWidth: 28 }}>
              <ColorDot color={s.color} />
            </ListItemIcon>
            <ListItemText
              primary={s.name}
              secondary={intl.formatMessage({ id: 'app.dictionary.component.count' }, { count: s.components.length })}
              slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
            />
          </ListItemButton>
          {canEdit && <SystemMenu system={s} onEdit={onEdit} onDelete={onDelete} />}
        </Box>
      )}
    </SortableList>
  );
}

export function SystemMenu({
  system,
  onEdit,
  onDelete,
  onReorder,
}: {
  system: DictSystem;
  onEdit: (s: DictSystem) => void;
  onDelete: (s: DictSystem) => void;
  /** Narrow screens reorder in a dialog. */
  onReorder?: () => void;
}) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (fn: () => void) => () => {
    setAnchor(null);
    fn();
  };
  return (
    <>
      <IconButton
        size="small"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={intl.formatMessage({ id: 'app.dictionary.system.actions' }, { name: system.name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        data-testid="system-menu"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={run(() => onEdit(system))} data-testid="system-menu-edit">
          <ListItemIcon>
            <EditOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{label('app.dictionary.edit')}</ListItemText>
        </MenuItem>
        {onReorder && (
          <MenuItem onClick={run(onReorder)} data-testid="system-menu-reorder">
            <ListItemIcon>
              <SwapVertIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{label('app.dictionary.systems.reorder')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={run(() => onDelete(system))} data-testid="system-menu-delete" sx={{ color: 'error.main' }}>
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{label('app.dictionary.delete')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/** Narrow screens: a select of the systems, with add and the selected system's menu beside it. */
export function SystemsSelect({
  systems,
  selectedId,
  onSelect,
  canEdit,
  onAdd,
  onEdit,
  onDelete,
  onReorder,
}: PanelProps) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const [reordering, setReordering] = useState(false);
  const selected = systems.find((s) => s.id === selectedId);
  const titleId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }} data-testid="systems-select">
      {systems.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ flex: 1 }} data-testid="systems-empty">
          {label('app.dictionary.systems.none')}
        </Typography>
      ) : (
        <TextField
          select
          size="small"
          fullWidth
          label={label('app.dictionary.system')}
          value={selectedId ?? ''}
          onChange={(e) => onSelect(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'system-select-input' } }}
        >
          {systems.map((s) => (
            <MenuItem key={s.id} value={s.id} data-testid="system-option">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                <ColorDot color={s.color} />
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {s.name}
                </Box>
              </Box>
            </MenuItem>
          ))}
        </TextField>
      )}
      {canEdit && (
        <>
          <Tooltip title={label('app.dictionary.system.add')}>
            <IconButton onClick={onAdd} aria-label={label('app.dictionary.system.add')} data-testid="systems-add">
              <AddIcon />
            </IconButton>
          </Tooltip>
          {selected && (
            <SystemMenu
              system={selected}
              onEdit={onEdit}
              onDelete={onDelete}
              onReorder={systems.length > 1 ? () => setReordering(true) : undefined}
            />
          )}
          <Dialog
            open={reordering}
            onClose={() => setReordering(false)}
            aria-labelledby={titleId}
            fullWidth
            maxWidth="xs"
            data-testid="systems-reorder-dialog"
          >
            <DialogTitle id={titleId}>{label('app.dictionary.systems.reorder')}</DialogTitle>
            <DialogContent sx={{ px: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, mb: 1 }}>
                {label('app.dictionary.systems.reorder.hint')}
              </Typography>
              <Box role="list">
                <SystemRows
                  systems={systems}
                  selectedId={selectedId}
                  onSelect={(id) => {
                    onSelect(id);
                  }}
                  canEdit
                  onEdit={onEdit}
                  onDelete={onDelete}
                  onReorder={onReorder}
                />
              </Box>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setReordering(false)}>{label('app.close')}</Button>
            </DialogActions>
          </Dialog>
        </>
      )}
    </Box>
  );
}
