import { useState } from 'react';
import { Checkbox, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import { useIntl } from 'react-intl';
import type { SearchMappingField } from '@fieldbook/domain';
import { useSearchPanel } from './search-store';

/** The column chooser (spec 3 §2): which of the layer's columns the table shows, at least one. */
export function ColumnChooser({
  layerId,
  fields,
  shown,
}: {
  layerId: string;
  fields: SearchMappingField[];
  shown: string[];
}) {
  const label = useIntl().formatMessage({ id: 'app.search.columns' });
  const setColumns = useSearchPanel((s) => s.setColumns);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (name: string) => {
    const next = shown.includes(name) ? shown.filter((n) => n !== name) : [...shown, name];
    if (next.length)
      setColumns(
        layerId,
        fields.map((f) => f.name).filter((n) => next.includes(n)),
      );
  };
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          <ViewColumnIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxHeight: 360 } } }}
      >
        {fields.map((f) => (
          <MenuItem
            key={f.name}
            role="menuitemcheckbox"
            aria-checked={shown.includes(f.name)}
            onClick={() => toggle(f.name)}
          >
            <ListItemIcon>
              <Checkbox edge="start" size="small" checked={shown.includes(f.name)} tabIndex={-1} disableRipple />
            </ListItemIcon>
            <ListItemText primary={f.title} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
