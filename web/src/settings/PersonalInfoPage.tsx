import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useIntl } from 'react-intl';
import { MSG, updateOwnAccountSchema, type Account } from '@fieldbook/domain';
import { useCurrentAccount, useUpdateOwnAccount } from '../api/accounts';
import { errorMessageOf } from '../api/client';
import { CenteredProgress } from '../app/CenteredProgress';
import { schemaErrors, useForm } from '../app/form';
import { showSnack } from '../app/snackbar-store';
import { useT } from '../i18n/translate';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { PageHeader } from './PageHeader';

/** /settings/personal-info (spec 1 §2.4): first and last name, read-only e-mail, change password. */
export function PersonalInfoPage() {
  const intl = useIntl();
  const t = useT();
  const account = useCurrentAccount();
  const label = (id: string) => intl.formatMessage({ id });

  return (
    <>
      <PageHeader title={label('app.settings.personal-info')} subtitle={label('app.personal-info.subtitle')} />
      {account.isError && <Alert severity="error">{t(errorMessageOf(account.error))}</Alert>}
      {account.isPending && <CenteredProgress label={label('app.loading')} />}
      {account.data && <PersonalInfoForm account={account.data} />}
    </>
  );
}

function PersonalInfoForm({ account }: { account: Account }) {
  const intl = useIntl();
  const update = useUpdateOwnAccount();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const form = useForm({ firstName: account.firstName, lastName: account.lastName }, (v) =>
    schemaErrors(updateOwnAccountSchema, { id: account.id, ...v }),
  );
  const label = (id: string) => intl.formatMessage({ id });
  const { firstName, lastName } = form.values;
  // Save only after a change (spec 1 §5); surrounding spaces are not a change.
  const changed = firstName.trim() !== account.firstName || lastName.trim() !== account.lastName;

  // A saved (or refetched) account becomes the new starting point.
  const resetForm = useEffectEvent((names: { firstName: string; lastName: string }) => form.reset(names));
  useEffect(() => {
    resetForm({ firstName: account.firstName, lastName: account.lastName });
  }, [account.firstName, account.lastName]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid || !changed) return;
    update.mutate(
      { id: account.id, firstName: firstName.trim(), lastName: lastName.trim() },
      {
        onSuccess: () => showSnack(MSG.profileUpdateSuccess, 'success'),
        onError: () => showSnack(MSG.profileUpdateError, 'error'),
      },
    );
  };

  return (
    <Card variant="outlined">
      <CardContent
        component="form"
        onSubmit={submit}
        noValidate
        aria-label={label('app.settings.personal-info')}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
          <TextField
            {...form.field('firstName', label('app.field.first-name'))}
            required
            slotProps={{ htmlInput: { 'data-testid': 'profile-first-name', autoComplete: 'given-name' } }}
          />
          <TextField
            {...form.field('lastName', label('app.field.last-name'))}
            required
            slotProps={{ htmlInput: { 'data-testid': 'profile-last-name', autoComplete: 'family-name' } }}
          />
        </Stack>
        <TextField
          label={label('app.field.email')}
          value={account.email}
          helperText={label('app.personal-info.email-read-only')}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'profile-email' } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'space-between', mt: 2 }}>
          <Button
            variant="outlined"
            startIcon={<LockResetIcon />}
            onClick={() => setPasswordOpen(true)}
            data-testid="change-password-open"
          >
            {label('app.change-password.open')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!changed || !form.valid || update.isPending}
            data-testid="profile-save"
          >
            {label('app.save')}
          </Button>
        </Box>
      </CardContent>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Card>
  );
}
