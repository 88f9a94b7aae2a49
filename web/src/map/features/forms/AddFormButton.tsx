import { useState } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import { useIntl } from 'react-intl';
import type { AvailableForms } from '@fieldbook/domain';

/**
 * "Add form" (spec 3 §6: offered to data collectors): a menu of the forms granted to the feature's
 * project (and the Locate Form where one-call is on).
 */
export function AddFormButton({
  forms,
  onPick,
}: {
  forms: AvailableForms['forms'];
  onPick: (form: AvailableForms['forms'][number]) => void;
}) {
  const intl = useIntl();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = 'feature-forms-add-menu';
  return (
    <>
      <Button
        size="small"
        variant="contained"
        startIcon={<NoteAddOutlinedIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="form-add"
      >
        {intl.formatMessage({ id: 'app.feature-forms.add' })}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { maxWidth: 'min(360px, calc(100vw - 32px))' } } }}
      >
        {forms.map((form) => (
          <MenuItem
            key={form.id}
            onClick={() => {
              setAnchor(null);
              onPick(form);
            }}
            data-testid={`form-add-${form.name}`}
            sx={{ whiteSpace: 'normal' }}
          >
            <ListItemText primary={form.name} sx={{ overflowWrap: 'anywhere' }} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
