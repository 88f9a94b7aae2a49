import { useEffect, useId, useMemo, useState } from 'react';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useIntl } from 'react-intl';
import { clientKeyCreateSchema, type Member } from '@fieldbook/domain';
import { errorMessageOf } from '../../../api/client';
import { useClientMembers, useCreateClientKey, type CreatedClientKey } from '../../../api/clients';
import { snackFailure } from '../../../app/action-feedback';
import { schemaErrors } from '../../../app/form';
import { showSnack } from '../../../app/snackbar-store';
import { useT } from '../../../i18n/translate';
import { ClientCopyField } from './ClientCopyField';

const memberName = (m: Member) => [m.firstName, m.lastName].filter(Boolean).join(' ');

/** Add key, step 1 (spec 2 §2 Manage clients): pick the member the key is for (an e-mail is required). */
export function AddClientKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: CreatedClientKey) => void;
}) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  const members = useClientMembers(open);
  const create = useCreateClientKey();
  const [member, setMember] = useState<Member | null>(null);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMember(null);
    setTouched(false);
  }, [open]);

  const options = useMemo(
    () => (members.data ?? []).filter((m) => m.isActive).sort((a, b) => a.email.localeCompare(b.email)),
    [members.data],
  );
  const error = schemaErrors(clientKeyCreateSchema, { email: member?.email ?? '' }).email;

  const submit = () => {
    setTouched(true);
    if (error || !member || create.isPending) return;
    create.mutate(member.email, {
      onSuccess: (key) => {
        showSnack('app.client.message.created', 'success');
        onCreated(key);
      },
      onError: (e) => snackFailure(e, 'app.client.message.create.error'),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      data-testid="client-key-add-dialog"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{label('app.client.add')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{label('app.client.add.hint')}</DialogContentText>
          <Autocomplete<Member>
            options={options}
            value={member}
            onChange={(_, m) => setMember(m)}
            loading={members.isPending}
            getOptionLabel={(m) => m.email}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={label('app.client.user.none')}
            loadingText={label('app.loading')}
            renderOption={(props, m) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest} data-testid={`client-key-user-option-${m.email}`}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {m.email}
                    </Typography>
                    {memberName(m) && (
                      <Typography variant="caption" color="text.secondary">
                        {memberName(m)}
                      </Typography>
                    )}
                  </Box>
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label('app.client.user')}
                required
                autoFocus
                error={touched && Boolean(error)}
                helperText={touched && error ? t(error) : ' '}
                onBlur={() => setTouched(true)}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'client-key-user' },
                }}
              />
            )}
          />
          {members.isError && <Alert severity="error">{t(errorMessageOf(members.error))}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending} data-testid="client-key-add-cancel">
            {label('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!member || create.isPending}
            startIcon={create.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            data-testid="client-key-create"
          >
            {label('app.client.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Add key, step 2: the new key, shown this once, with copy buttons. */
export function ClientKeyCreatedDialog({
  created,
  onClose,
}: {
  created: CreatedClientKey | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const titleId = useId();
  const label = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [shown, setShown] = useState(created);
  useEffect(() => {
    if (created) setShown(created);
  }, [created]);

  return (
    <Dialog
      open={created !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="client-key-created-dialog"
    >
      <DialogTitle id={titleId}>{label('app.client.created.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {label('app.client.created.once')}
        </Alert>
        {shown && (
          <>
            <ClientCopyField
              label={label('app.client.column.email')}
              value={shown.email}
              copyLabel={label('app.client.copy.email')}
              testId="client-key-created-email"
            />
            <ClientCopyField
              label={label('app.client.key')}
              value={shown.key}
              copyLabel={label('app.client.copy.key')}
              testId="client-key-created-key"
              monospace
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="client-key-done">
          {label('app.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
