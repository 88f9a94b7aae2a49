import { useId, type ReactNode } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useIntl } from 'react-intl';

interface Props {
  open: boolean;
  title: string;
  steps: string[];
  active: number;
  onStep: (step: number) => void;
  /** Whether the current step has what the next one needs. */
  canNext: boolean;
  /** Finish is disabled until a target exists and while a request is in flight (spec 3 §4). */
  canFinish: boolean;
  busy: boolean;
  finishLabel: string;
  onFinish: () => void;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}

/** The stepper of the move and share dialogs (spec 3 §2): back, next, and finish on the last step. */
export function StepperDialog({
  open,
  title,
  steps,
  active,
  onStep,
  canNext,
  canFinish,
  busy,
  finishLabel,
  onFinish,
  onClose,
  testId,
  children,
}: Props) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const last = active === steps.length - 1;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={phone}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={active} alternativeLabel sx={{ mb: 2 }}>
          {steps.map((s) => (
            <Step key={s}>
              <StepLabel>{s}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Box sx={{ minHeight: 160, maxHeight: phone ? 'none' : 360, overflowY: 'auto' }}>{children}</Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('app.cancel')}
        </Button>
        <Button onClick={() => onStep(active - 1)} disabled={busy || active === 0} data-testid="stepper-back">
          {t('app.back')}
        </Button>
        {last ? (
          <Button
            variant="contained"
            onClick={onFinish}
            disabled={busy || !canFinish}
            data-testid="stepper-finish"
            startIcon={busy ? <CircularProgress size={16} /> : undefined}
          >
            {finishLabel}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => onStep(active + 1)} disabled={!canNext} data-testid="stepper-next">
            {t('app.next')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

export interface Choice {
  id: string;
  label: string;
  /** Indented under a parent (sub-folders, layers of a folder). */
  indent?: boolean;
  disabled?: boolean;
}

/** One choice among targets (projects, folders or layers), as radio buttons. */
export function ChoiceList({
  label,
  choices,
  value,
  onChange,
  empty,
}: {
  label: string;
  choices: Choice[];
  value: string;
  onChange: (id: string) => void;
  empty: string;
}) {
  if (!choices.length)
    return (
      <Typography color="text.secondary" variant="body2">
        {empty}
      </Typography>
    );
  return (
    <RadioGroup aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {choices.map((c) => (
        <FormControlLabel
          key={c.id}
          value={c.id}
          disabled={c.disabled}
          control={<Radio size="small" slotProps={{ input: { 'data-testid': `choice-${c.id}` } as object }} />}
          label={c.label}
          sx={{ pl: c.indent ? 3 : 0 }}
        />
      ))}
    </RadioGroup>
  );
}
