import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, Button, Chip, Popover, Typography } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CancelIcon from '@mui/icons-material/Cancel';
import { useIntl } from 'react-intl';

interface Props {
  /** The group's name, e.g. "Action". */
  label: string;
  /** What the chip says when the group is set, e.g. "Action: 2"; undefined when the group is not set. */
  summary: string | undefined;
  testId: string;
  /** Called when the editor opens, to start its draft from the saved filter. */
  onOpen: () => void;
  onApply: () => void;
  /** Clear: the group's filter is removed (spec 3 §4 "clear resets the group"). */
  onClear: () => void;
  /** Closing without applying; the caller decides what that keeps (spec 3 §4 cancel rule). */
  onCancel: () => void;
  canApply?: boolean;
  /** Only removable (a filter set by a report bar has no editor). */
  readOnly?: boolean;
  children?: ReactNode;
}

/**
 * One group of the log's filter bar: a chip showing what is chosen, opening an editor with Clear, Cancel
 * and Apply; a chosen filter can also be removed from the chip itself.
 */
export function FilterChip(p: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const set = p.summary !== undefined;
  const close = () => setAnchor(null);

  return (
    <>
      <Chip
        label={p.summary ?? p.label}
        color={set ? 'primary' : 'default'}
        variant={set ? 'filled' : 'outlined'}
        icon={p.readOnly ? undefined : <ArrowDropDownIcon />}
        onClick={
          p.readOnly
            ? undefined
            : (e: MouseEvent<HTMLDivElement>) => {
                p.onOpen();
                setAnchor(e.currentTarget);
              }
        }
        onDelete={set ? p.onClear : undefined}
        aria-haspopup={p.readOnly ? undefined : 'dialog'}
        aria-label={p.summary ?? p.label}
        deleteIcon={
          <CancelIcon
            role="button"
            aria-hidden={false}
            aria-label={label('app.as.logs.filter.remove', { label: p.label })}
            data-testid={`${p.testId}-remove`}
          />
        }
        data-testid={p.testId}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => {
          p.onCancel();
          close();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 320, maxWidth: 'calc(100vw - 32px)' },
            'data-testid': `${p.testId}-editor`,
          } as object,
        }}
      >
        <Typography id={titleId} variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          {p.label}
        </Typography>
        <Box sx={{ px: 2, py: 1 }}>{p.children}</Box>
        <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 1.5, justifyContent: 'flex-end' }}>
          <Button
            size="small"
            onClick={() => {
              p.onClear();
              close();
            }}
            data-testid={`${p.testId}-clear`}
            sx={{ mr: 'auto' }}
          >
            {label('app.as.logs.filter.clear')}
          </Button>
          <Button
            size="small"
            onClick={() => {
              p.onCancel();
              close();
            }}
            data-testid={`${p.testId}-cancel`}
          >
            {label('app.cancel')}
          </Button>
          <Button
            size="small"
            variant="contained"
            disabled={p.canApply === false}
            onClick={() => {
              p.onApply();
              close();
            }}
            data-testid={`${p.testId}-apply`}
          >
            {label('app.as.logs.filter.apply')}
          </Button>
        </Box>
      </Popover>
    </>
  );
}
