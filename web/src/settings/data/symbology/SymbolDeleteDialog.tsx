import { useEffect, useState } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useIntl } from 'react-intl';
import { DATA_MSG } from '@fieldbook/domain';
import { symbolsApi, useSymbolUsage, useSymbolsChanged, type SymbolItem } from '../../../api/symbols';
import { snackFailure } from '../../../app/action-feedback';
import { ConfirmDialog } from '../../../app/ConfirmDialog';
import { showSnack } from '../../../app/snackbar-store';

/** Deleting a symbol says first how many components use it (spec 2 §2 Symbology). */
export function SymbolDeleteDialog({ symbol, onClose }: { symbol: SymbolItem | null; onClose: () => void }) {
  const intl = useIntl();
  const changed = useSymbolsChanged();
  // The dialog keeps showing the symbol while it closes.
  const [shown, setShown] = useState<SymbolItem | null>(symbol);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (symbol) setShown(symbol);
  }, [symbol]);
  const usage = useSymbolUsage(shown?.id ?? null);

  const remove = async () => {
    if (!shown) return;
    setPending(true);
    try {
      await symbolsApi.remove(shown.id);
      await changed();
      showSnack('app.data.symbol.message.deleted', 'success');
      onClose();
    } catch (error) {
      snackFailure(error, DATA_MSG.symbolDeleteError);
    } finally {
      setPending(false);
    }
  };

  return (
    <ConfirmDialog
      open={symbol !== null}
      title={intl.formatMessage({ id: 'app.data.symbol.delete' })}
      confirmLabel={intl.formatMessage({ id: 'app.data.delete' })}
      danger
      pending={pending}
      onConfirm={() => void remove()}
      onClose={onClose}
      testId="symbol-delete-dialog"
    >
      <Typography component="span" sx={{ display: 'block', mb: 1 }}>
        {intl.formatMessage({ id: 'app.data.symbol.delete.confirm' }, { name: shown?.name ?? '' })}
      </Typography>
      <Box
        component="span"
        sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
        data-testid="symbol-usage"
        aria-live="polite"
      >
        {usage.isPending ? (
          <>
            <CircularProgress size={16} aria-hidden />
            {intl.formatMessage({ id: 'app.data.symbol.usage.loading' })}
          </>
        ) : usage.isError ? (
          intl.formatMessage({ id: 'app.data.symbol.usage.unknown' })
        ) : (
          intl.formatMessage({ id: 'app.data.symbol.usage' }, { count: usage.data.count })
        )}
      </Box>
    </ConfirmDialog>
  );
}
