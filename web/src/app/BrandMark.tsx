import { Box, Typography } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';

/** Product name with its pin mark; used on the signed-out card and in the settings drawer. */
export function BrandMark({ size = 'medium' }: { size?: 'small' | 'medium' }) {
  const box = size === 'small' ? 28 : 36;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        aria-hidden
        sx={{
          width: box,
          height: box,
          borderRadius: 1.5,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <PlaceIcon fontSize={size === 'small' ? 'small' : 'medium'} />
      </Box>
      <Typography component="span" variant={size === 'small' ? 'subtitle1' : 'h6'} sx={{ fontWeight: 700 }}>
        Fieldbook
      </Typography>
    </Box>
  );
}
