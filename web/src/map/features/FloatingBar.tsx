import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Where the features area's floating tools and messages sit over the map: top centre on wide screens,
 * bottom centre on phones (where the top holds the place search and the map controls).
 */
export function FloatingBar({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{
        position: 'absolute',
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 5,
        width: 'max-content',
        maxWidth: 'calc(100% - 24px)',
        top: { xs: 'auto', sm: 12 },
        bottom: { xs: 36, sm: 'auto' },
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
      }}
    >
      {children}
    </Box>
  );
}

/** The paper of a floating action message: text and buttons in one wrapping row. */
export const messageSx = {
  px: 2,
  py: 1,
  display: 'flex',
  gap: 1,
  alignItems: 'center',
  flexWrap: 'wrap',
  justifyContent: 'center',
} as const;
