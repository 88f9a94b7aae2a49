import { Box } from '@mui/material';
import type { ComponentProps } from 'react';

/** The bottom-right corner a floating window is resized by (pointer or arrow keys), with its grip lines. */
export function ResizeGrip(props: { label: string; testId?: string } & Omit<ComponentProps<typeof Box>, 'sx'>) {
  const { label, testId, ...handle } = props;
  return (
    <Box
      {...handle}
      role="separator"
      tabIndex={0}
      aria-label={label}
      data-testid={testId}
      sx={{
        position: 'absolute',
        right: 0,
        bottom: 0,
        width: 18,
        height: 18,
        cursor: 'nwse-resize',
        touchAction: 'none',
        background: (theme) =>
          `linear-gradient(135deg, transparent 55%, ${theme.palette.text.disabled} 55%, ${theme.palette.text.disabled} 65%, transparent 65%, transparent 75%, ${theme.palette.text.disabled} 75%, ${theme.palette.text.disabled} 85%, transparent 85%)`,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    />
  );
}
