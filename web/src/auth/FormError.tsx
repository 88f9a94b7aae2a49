import { Alert } from '@mui/material';
import { useT } from '../i18n/translate';

/** A form-level error that stays until the next attempt (snackbars vanish after 3 s). */
export function FormError({ message }: { message: string | null | undefined }) {
  const t = useT();
  if (message === null || message === undefined) return null;
  return (
    <Alert severity="error" data-testid="form-error" sx={{ my: 1 }}>
      {t(message)}
    </Alert>
  );
}
