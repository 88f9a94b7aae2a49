import { Box, CircularProgress, Typography } from '@mui/material';

/** Spinner with a visible, announced label while something loads. */
export function CenteredProgress({ label, fullScreen = false }: { label: string; fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: 4,
        minHeight: fullScreen ? '100dvh' : undefined,
      }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
