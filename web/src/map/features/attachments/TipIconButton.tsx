import type { ReactNode } from 'react';
import { IconButton, Tooltip } from '@mui/material';

interface Props {
  /** Its accessible name, also shown as the tooltip. */
  label: string;
  /** The tooltip when it differs from the name (e.g. why the button is disabled). */
  tip?: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  edge?: 'start' | 'end';
  size?: 'small' | 'medium';
  testId: string;
  children: ReactNode;
}

/** A small icon button named by its label, with that label as a tooltip (kept on a disabled button too). */
export function TipIconButton({
  label,
  tip,
  onClick,
  disabled,
  pressed,
  edge,
  size = 'small',
  testId,
  children,
}: Props) {
  return (
    <Tooltip title={tip ?? label}>
      {/* The span keeps the tooltip on a disabled button. */}
      <span>
        <IconButton
          size={size}
          edge={edge}
          aria-label={label}
          aria-pressed={pressed}
          disabled={disabled}
          onClick={onClick}
          data-testid={testId}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
