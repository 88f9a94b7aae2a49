import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The page heading (h1) of a signed-out screen, with an optional line under it. */
export function AuthTitle({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: subtitle ? 0.5 : 1 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {subtitle}
        </Typography>
      )}
    </>
  );
}
