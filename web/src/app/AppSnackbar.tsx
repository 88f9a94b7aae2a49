import { Alert, Snackbar } from '@mui/material';
import { LIMITS } from '@fieldbook/domain';
import { useT } from '../i18n/translate';
import { useSnackbar } from './snackbar-store';

/** The bottom-centre message of spec 1 §2.2: success, info, warning or error, hidden after 3 s. */
export function AppSnackbar() {
  const current = useSnackbar((s) => s.current);
  const close = useSnackbar((s) => s.close);
  const t = useT();

  return (
    <Snackbar
      key={current?.key}
      open={current !== null}
      autoHideDuration={current?.durationMs ?? LIMITS.snackbarMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
    >
      {current ? (
        <Alert
          severity={current.severity}
          variant="filled"
          onClose={close}
          data-testid="snackbar"
          sx={{ width: '100%', maxWidth: 560 }}
        >
          {t(current.message, current.values)}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
