import type { ReactElement } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import { useIntl } from 'react-intl';

interface Props {
  /** Message id of the action: its tooltip and accessible name. */
  labelId: string;
  icon: ReactElement;
  enabled: boolean;
  onClick: () => void;
  /** For a toggle: whether it is on (aria-pressed, highlighted). */
  pressed?: boolean;
}

/** One icon action of a folder or layer row of the project tree, with its name as tooltip. */
export function RowAction({ labelId, icon, enabled, onClick, pressed }: Props) {
  const label = useIntl().formatMessage({ id: labelId });
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={pressed}
          disabled={!enabled}
          onClick={onClick}
          sx={{ p: 0.5 }}
          color={pressed ? 'primary' : 'default'}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
