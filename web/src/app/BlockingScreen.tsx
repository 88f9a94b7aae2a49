import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import { BrandMark } from './BrandMark';

/** Full-page card for screens that stand between the user and the app (EULA, inactive user, load error). */
export function BlockingScreen({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 3, sm: 6 },
        gap: 3,
        bgcolor: 'background.default',
      }}
    >
      <BrandMark />
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 760, p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>{actions}</Box>
      </Paper>
    </Box>
  );
}
