import { useState } from 'react';
import {
  Box,
  Button,
  Collapse,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useIntl } from 'react-intl';
import { attributeTypeName } from '@fieldbook/domain';
import type { DictComponent, DictSystem } from '../../../api/dictionaries';
import { visuallyHidden } from '../../../app/visually-hidden';
import {
  ATTRIBUTE_TYPE_LABEL,
  COMPONENT_TYPE_LABEL,
  TOKEN_LABEL,
  componentTypeName,
  drawnStyle,
  isToken,
} from './model';
import { ShapePreview } from './ShapePreview';
import { DragHandle, SortableList, type DragHandleProps } from './Sortable';
import { ColorDot } from './SystemsPanel';

interface Props {
  system: DictSystem;
  /** The system's components in the order shown (a drag may be on its way to the server). */
  components: DictComponent[];
  canEdit: boolean;
  onAdd: () => void;
  onEdit: (c: DictComponent) => void;
  onCopy: (c: DictComponent) => void;
  onDelete: (c: DictComponent) => void;
  onReorder: (ids: string[]) => void;
}

/** The selected system's components with type and shape, draggable, each expanding to its attributes (spec 2 §2). */
export function ComponentsPanel({ system, components, canEdit, onAdd, onEdit, onCopy, onDelete, onReorder }: Props) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  return (
    <Box
      component="section"
      aria-labelledby="components-heading"
      sx={{ flex: 1, minWidth: 0 }}
      data-testid="components-panel"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <ColorDot color={system.color} size={18} />
        <Typography
          id="components-heading"
          variant="h6"
          component="h2"
          sx={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}
          data-testid="components-system"
        >
          {system.name}
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            ({components.length})
          </Typography>
        </Typography>
        {canEdit && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={onAdd} data-testid="component-add">
            {label('app.dictionary.component.add')}
          </Button>
        )}
      </Box>
      {components.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography color="text.secondary" data-testid="components-empty">
            {label('app.dictionary.components.none')}
          </Typography>
        </Paper>
      ) : (
        <Box
          role="list"
          aria-label={intl.formatMessage({ id: 'app.dictionary.components.of' }, { name: system.name })}
          data-testid="components-list"
        >
          <SortableList
            items={components}
            getId={(c) => c.id}
            getLabel={(c) => c.alias}
            disabled={!canEdit}
            onReorder={onReorder}
          >
            {(c, handle) => (
              <ComponentRow
                component={c}
                system={system}
                handle={handle}
                canEdit={canEdit}
                open={Boolean(expanded[c.id])}
                onToggle={() => setExpanded((e) => ({ ...e, [c.id]: !e[c.id] }))}
                onEdit={onEdit}
                onCopy={onCopy}
                onDelete={onDelete}
              />
            )}
          </SortableList>
        </Box>
      )}
    </Box>
  );
}

interface RowProps {
  component: DictComponent;
  system: DictSystem;
  handle: DragHandleProps | null;
  canEdit: boolean;
  open: boolean;
  onToggle: () => void;
  onEdit: (c: DictComponent) => void;
  onCopy: (c: DictComponent) => void;
  onDelete: (c: DictComponent) => void;
}

function ComponentRow({ component: c, system, handle, canEdit, open, onToggle, onEdit, onCopy, onDelete }: RowProps) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const type = componentTypeName(c.componentTypeId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tableId = `component-attributes-${c.id}`;
  const run = (fn: (c: DictComponent) => void) => () => {
    setAnchor(null);
    fn(c);
  };
  return (
    <Paper
      variant="outlined"
      role="listitem"
      sx={{ mb: 1, overflow: 'hidden' }}
      data-testid="component-row"
      data-name={c.alias}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: handle ? 0.5 : 1.5, pr: 0.5, py: 0.75 }}>
        {handle && (
          <DragHandle
            handle={handle}
            label={intl.formatMessage({ id: 'app.dictionary.drag.handle' }, { name: c.alias })}
            testId="component-handle"
          />
        )}
        <ShapePreview type={type} draft={drawnStyle(c, type, system.color)} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }} data-testid="component-alias-text">
            {c.alias}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="component-type-text">
            {label(COMPONENT_TYPE_LABEL[type])} ·{' '}
            {intl.formatMessage({ id: 'app.dictionary.attribute.count' }, { count: c.attributes.length })}
          </Typography>
        </Box>
        <Tooltip title={label(open ? 'app.dictionary.attributes.hide' : 'app.dictionary.attributes.show')}>
          <IconButton
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={tableId}
            aria-label={intl.formatMessage(
              { id: open ? 'app.dictionary.attributes.hide.aria' : 'app.dictionary.attributes.show.aria' },
              { name: c.alias },
            )}
            data-testid="component-expand"
          >
            {open ? <ExpandLess /> : <ExpandMore />}
          </IconButton>
        </Tooltip>
        {canEdit && (
          <>
            <IconButton
              onClick={(e) => setAnchor(e.currentTarget)}
              aria-label={intl.formatMessage({ id: 'app.dictionary.component.actions' }, { name: c.alias })}
              aria-haspopup="menu"
              aria-expanded={anchor ? 'true' : undefined}
              data-testid="component-menu"
            >
              <MoreVertIcon />
            </IconButton>
            <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
              <MenuItem onClick={run(onEdit)} data-testid="component-menu-edit">
                <ListItemIcon>
                  <EditOutlinedIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{label('app.dictionary.edit')}</ListItemText>
              </MenuItem>
              <MenuItem onClick={run(onCopy)} data-testid="component-menu-copy">
                <ListItemIcon>
                  <ContentCopyIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{label('app.dictionary.component.copy')}</ListItemText>
              </MenuItem>
              <MenuItem onClick={run(onDelete)} data-testid="component-menu-delete" sx={{ color: 'error.main' }}>
                <ListItemIcon sx={{ color: 'inherit' }}>
                  <DeleteOutlineIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{label('app.dictionary.delete')}</ListItemText>
              </MenuItem>
            </Menu>
          </>
        )}
      </Box>
      <Collapse in={open} unmountOnExit id={tableId}>
        <AttributeTable component={c} />
      </Collapse>
    </Paper>
  );
}

/** Name, type, default and required of a component's attributes. */
export function AttributeTable({ component }: { component: DictComponent }) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const attributes = [...component.attributes].sort((a, b) => a.order - b.order);
  if (attributes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}>
        {label('app.dictionary.attributes.none')}
      </Typography>
    );
  }
  const defaultOf = (v: string | null) => {
    if (!v) return '—';
    return isToken(v) && TOKEN_LABEL[v] ? `${label(TOKEN_LABEL[v])} (${v})` : v;
  };
  return (
    <TableContainer sx={{ borderTop: 1, borderColor: 'divider', overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={intl.formatMessage({ id: 'app.dictionary.attributes.of' }, { name: component.alias })}
        data-testid="attribute-table"
      >
        <TableHead>
          <TableRow>
            <TableCell>{label('app.dictionary.attribute.name')}</TableCell>
            <TableCell>{label('app.dictionary.attribute.type')}</TableCell>
            <TableCell>{label('app.dictionary.attribute.default')}</TableCell>
            <TableCell align="center">{label('app.dictionary.attribute.required.short')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {attributes.map((a) => {
            const typeName = attributeTypeName(a.typeId);
            return (
              <TableRow key={a.id} data-testid="attribute-table-row" data-name={a.name}>
                <TableCell sx={{ wordBreak: 'break-word', minWidth: 100 }}>{a.name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="attribute-table-type">
                  {typeName ? label(ATTRIBUTE_TYPE_LABEL[typeName]) : a.type.name}
                  {a.pickList && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {a.pickList.isGlobal ? `${label('app.dictionary.picklist.global')}: ${a.pickList.name} · ` : ''}
                      {intl.formatMessage(
                        { id: 'app.dictionary.picklist.value-count' },
                        { count: a.pickList.values.length },
                      )}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word', minWidth: 90 }} data-testid="attribute-table-default">
                  {defaultOf(a.defaultValue)}
                </TableCell>
                <TableCell align="center" data-testid="attribute-table-required">
                  {a.required ? <CheckIcon fontSize="small" color="success" /> : <span aria-hidden>—</span>}
                  <Box component="span" sx={visuallyHidden}>
                    {label(a.required ? 'app.dictionary.yes' : 'app.dictionary.no')}
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
