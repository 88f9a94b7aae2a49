import { Box, Paper } from '@mui/material';
import { Outlet } from 'react-router';
import { BrandMark } from './BrandMark';

/** Centred card for the signed-out and pre-app screens (sign-in, sign-up, codes, EULA). */
export function SignedOutShell() {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        px: { xs: 1.5, sm: 3 },
        py: { xs: 3, sm: 6 },
        gap: 3,
        bgcolor: 'background.default',
      }}
    >
      <BrandMark />
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 } }}>
        <Outlet />
      </Paper>
    </Box>
  );
}
