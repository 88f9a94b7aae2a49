import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useIntl } from 'react-intl';
import { LIMITS, MEMBER_MSG, USER_TYPES, addMemberSchema, type SeatSummary } from '@fieldbook/domain';
import { useAddMember } from '../../api/members';
import { actionCallbacks } from '../../app/action-feedback';
import { schemaErrors, useForm } from '../../app/form';
import { USER_TYPE_LABEL } from './member-format';

type MemberType = (typeof USER_TYPES)['viewer' | 'dataCollector' | 'editor'];
const TYPES: { type: MemberType; seat: keyof SeatSummary['free'] }[] = [
  { type: USER_TYPES.viewer, seat: 'viewer' },
  { type: USER_TYPES.dataCollector, seat: 'dataCollector' },
  { type: USER_TYPES.editor, seat: 'editor' },
];

interface Props {
  open: boolean;
  onClose: () => void;
  seats: SeatSummary | undefined;
  isPlus: boolean;
}

/**
 * Add user (spec 1 §5): e-mail (lower-cased, at most 128), names (at most 28), a user type whose
 * options are disabled without a free seat (plus organizations have no choice), an RTK switch
 * that needs a free RTK seat. Without any free seat the dialog only says so.
 */
export function AddMemberDialog({ open, onClose, seats, isPlus }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const typeLabelId = useId();
  const add = useAddMember();
  const [userType, setUserType] = useState<MemberType | ''>('');
  const [rtk, setRtk] = useState(false);
  const form = useForm({ email: '', firstName: '', lastName: '' }, (v) =>
    schemaErrors(addMemberSchema, { ...v, userType: userType || undefined }),
  );
  const label = (id: string) => intl.formatMessage({ id });

  // Each opening starts from empty fields.
  const resetFields = useEffectEvent(() => {
    form.reset();
    setUserType('');
    setRtk(false);
  });
  useEffect(() => {
    if (open) resetFields();
  }, [open]);

  const free = seats?.free;
  const noSeat = free ? (isPlus ? !free.editor : !(free.viewer || free.editor || free.dataCollector)) : false;
  const typeMissing = !isPlus && !userType;
  const canSave = Boolean(seats) && !noSeat && form.valid && !typeMissing && !add.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSave) return;
    add.mutate(
      {
        email: form.values.email.trim().toLowerCase(),
        firstName: form.values.firstName.trim(),
        lastName: form.values.lastName.trim(),
        ...(isPlus ? {} : { userType: userType as MemberType }),
        ...(rtk ? { rtkStatus: true } : {}),
      },
      actionCallbacks('app.mm.user.added.success', 'app.mm.user.added.error', onClose),
    );
  };

  return (
    <Dialog
      open={open}
      onClose={add.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="add-member-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{label('app.mm.add.title')}</DialogTitle>
        <DialogContent>
          {noSeat ? (
            <Alert severity="info" data-testid="add-member-no-seat">
              {label(MEMBER_MSG.noUsersAvailable)}
            </Alert>
          ) : (
            <>
              <TextField
                {...form.field('email', label('app.field.email'))}
                type="email"
                required
                autoFocus
                slotProps={{
                  htmlInput: { 'data-testid': 'add-member-email', maxLength: LIMITS.emailMax, autoComplete: 'off' },
                }}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
                <TextField
                  {...form.field('firstName', label('app.field.first-name'))}
                  required
                  slotProps={{ htmlInput: { 'data-testid': 'add-member-first-name', maxLength: LIMITS.nameMax } }}
                />
                <TextField
                  {...form.field('lastName', label('app.field.last-name'))}
                  required
                  slotProps={{ htmlInput: { 'data-testid': 'add-member-last-name', maxLength: LIMITS.nameMax } }}
                />
              </Stack>
              {!isPlus && (
                <FormControl component="fieldset" required sx={{ mt: 2 }} data-testid="add-member-type">
                  <FormLabel component="legend" id={typeLabelId}>
                    {label('app.mm.column.type')}
                  </FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby={typeLabelId}
                    value={userType}
                    onChange={(e) => setUserType(e.target.value as MemberType)}
                  >
                    {TYPES.map(({ type, seat }) => (
                      <FormControlLabel
                        key={type}
                        value={type}
                        disabled={!free?.[seat]}
                        control={
                          <Radio slotProps={{ input: { 'data-testid': `add-member-type-${seat}` } as object }} />
                        }
                        label={label(USER_TYPE_LABEL[type])}
                      />
                    ))}
                  </RadioGroup>
                  <FormHelperText sx={{ mx: 0 }}>
                    {label(typeMissing ? MEMBER_MSG.userTypeRequired : 'app.mm.add.type-hint')}
                  </FormHelperText>
                </FormControl>
              )}
              <FormControl fullWidth sx={{ mt: 1 }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={rtk}
                      disabled={!free?.rtk}
                      onChange={(_, c) => setRtk(c)}
                      slotProps={{ input: { 'data-testid': 'add-member-rtk' } as object }}
                    />
                  }
                  label={label('app.mm.rtk')}
                />
                {!free?.rtk && (
                  <FormHelperText sx={{ mt: 0, mx: 0 }}>{label(MEMBER_MSG.noRtkAvailable)}</FormHelperText>
                )}
              </FormControl>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending}>
            {label(noSeat ? 'app.close' : 'app.cancel')}
          </Button>
          {!noSeat && (
            <Button type="submit" variant="contained" disabled={!canSave} data-testid="add-member-save">
              {label('app.mm.add.submit')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
