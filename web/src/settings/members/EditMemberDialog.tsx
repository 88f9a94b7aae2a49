import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  List,
  ListItem,
  ListItemText,
  Stack,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useIntl } from 'react-intl';
import {
  LIMITS,
  MEMBER_MSG,
  updateMemberSchema,
  type Member,
  type PermissionEntry,
  type SeatSummary,
} from '@fieldbook/domain';
import { useProfile } from '../../api/accounts';
import { useUpdateMember } from '../../api/members';
import { actionCallbacks } from '../../app/action-feedback';
import { schemaErrors, useForm } from '../../app/form';
import { fullName, userTypeLabelId } from './member-format';
import { PermissionsEditor, permissionLevelId } from './PermissionsEditor';

interface Props {
  open: boolean;
  member: Member;
  onClose: () => void;
  seats: SeatSummary | undefined;
  isPlus: boolean;
  isSelf: boolean;
}

/**
 * Edit user (spec 1 §2.5): Info (names, renews with the subscription, RTK) and Permissions, which
 * opens the full-screen editor. Permissions are disabled for plus organizations and one's own account.
 */
export function EditMemberDialog({ open, member, onClose, seats, isPlus, isSelf }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const namesHintId = useId();
  const update = useUpdateMember();
  const [tab, setTab] = useState<'info' | 'permissions'>('info');
  const [renew, setRenew] = useState(member.renew);
  const [rtk, setRtk] = useState(Boolean(member.rtkInfo.id));
  const [editingPermissions, setEditingPermissions] = useState(false);
  const form = useForm({ firstName: member.firstName, lastName: member.lastName }, (v) =>
    schemaErrors(updateMemberSchema, { id: member.id, ...v }),
  );
  const label = (id: string) => intl.formatMessage({ id });
  const permissionsDisabled = isPlus || isSelf;
  // A person who joined from elsewhere owns their name (the server refuses a change too).
  const namesReadOnly = !isSelf && !member.namesEditable;

  // Each opening (or another member) starts from the member as they are.
  const resetFields = useEffectEvent(() => {
    setTab('info');
    form.reset({ firstName: member.firstName, lastName: member.lastName });
    setRenew(member.renew);
    setRtk(Boolean(member.rtkInfo.id));
  });
  useEffect(() => {
    if (open) resetFields();
  }, [open, member.id]);

  const firstName = form.values.firstName.trim();
  const lastName = form.values.lastName.trim();
  const hadRtk = Boolean(member.rtkInfo.id);
  const changes = {
    ...(firstName !== member.firstName ? { firstName } : {}),
    ...(lastName !== member.lastName ? { lastName } : {}),
    ...(renew !== member.renew ? { renew } : {}),
    ...(rtk !== hadRtk ? { rtkStatus: rtk } : {}),
  };
  const changed = Object.keys(changes).length > 0;
  // Turning RTK on needs a free RTK seat; one's own renew and RTK are not one's own to change.
  const rtkDisabled = isSelf || (!hadRtk && !seats?.free.rtk);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!changed || !form.valid || update.isPending) return;
    update.mutate(
      { id: member.id, ...changes },
      actionCallbacks('app.mm.user.updated.success', 'app.mm.user.updated.error', onClose),
    );
  };

  const savePermissions = (permissions: PermissionEntry[]) =>
    update.mutate(
      { id: member.id, permissions },
      actionCallbacks('app.mm.permissions.updated.success', 'app.mm.permissions.updated.error', () =>
        setEditingPermissions(false),
      ),
    );

  return (
    <>
      <Dialog
        open={open}
        onClose={update.isPending ? undefined : onClose}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
        data-testid="edit-member-dialog"
      >
        <DialogTitle id={titleId} sx={{ pb: 0 }}>
          {label('app.mm.edit.title')}
          <Typography variant="body2" color="text.secondary" noWrap>
            {fullName(member)} · {member.email}
          </Typography>
        </DialogTitle>
        <Tabs
          value={tab}
          onChange={(_, v) => setTab(v)}
          sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
          aria-label={label('app.mm.edit.title')}
        >
          <Tab value="info" label={label('app.mm.edit.info')} data-testid="edit-member-tab-info" />
          <Tab
            value="permissions"
            label={label('app.mm.edit.permissions')}
            disabled={permissionsDisabled}
            data-testid="edit-member-tab-permissions"
          />
        </Tabs>
        {tab === 'info' ? (
          <form onSubmit={submit} noValidate>
            <DialogContent>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ columnGap: 2 }}>
                <TextField
                  {...form.field('firstName', label('app.field.first-name'))}
                  required={!namesReadOnly}
                  slotProps={{
                    htmlInput: {
                      'data-testid': 'edit-member-first-name',
                      maxLength: LIMITS.nameMax,
                      readOnly: namesReadOnly,
                      'aria-describedby': namesReadOnly ? namesHintId : undefined,
                    },
                  }}
                />
                <TextField
                  {...form.field('lastName', label('app.field.last-name'))}
                  required={!namesReadOnly}
                  slotProps={{
                    htmlInput: {
                      'data-testid': 'edit-member-last-name',
                      maxLength: LIMITS.nameMax,
                      readOnly: namesReadOnly,
                      'aria-describedby': namesReadOnly ? namesHintId : undefined,
                    },
                  }}
                />
              </Stack>
              {namesReadOnly && (
                <FormHelperText id={namesHintId} data-testid="edit-member-names-read-only">
                  {label('app.mm.names.read-only-hint')}
                </FormHelperText>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {label('app.mm.column.type')}: {label(userTypeLabelId(member.userType))}
              </Typography>
              <Box sx={{ display: 'flex', flexDirection: 'column', mt: 1 }}>
                <FormControlLabel
                  control={
                    <Switch
                      checked={renew}
                      disabled={isSelf}
                      onChange={(_, c) => setRenew(c)}
                      slotProps={{ input: { 'data-testid': 'edit-member-renew' } as object }}
                    />
                  }
                  label={label('app.mm.detail.renew')}
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={rtk}
                      disabled={rtkDisabled}
                      onChange={(_, c) => setRtk(c)}
                      slotProps={{ input: { 'data-testid': 'edit-member-rtk' } as object }}
                    />
                  }
                  label={label('app.mm.rtk')}
                />
                {!isSelf && !hadRtk && !seats?.free.rtk && (
                  <FormHelperText sx={{ mt: 0 }}>{label(MEMBER_MSG.noRtkAvailable)}</FormHelperText>
                )}
                {isSelf && <FormHelperText sx={{ mt: 0 }}>{label('app.mm.edit.self-hint')}</FormHelperText>}
              </Box>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={update.isPending}>
                {label('app.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!changed || !form.valid || update.isPending}
                data-testid="edit-member-save"
              >
                {label('app.save')}
              </Button>
            </DialogActions>
          </form>
        ) : (
          <>
            <DialogContent>
              <PermissionSummary entries={member.permissions} />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{label('app.close')}</Button>
              <Button
                variant="contained"
                onClick={() => setEditingPermissions(true)}
                data-testid="edit-member-open-permissions"
              >
                {label('app.mm.permissions.edit')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
      <PermissionsEditor
        open={open && editingPermissions}
        member={member}
        pending={update.isPending}
        onClose={() => setEditingPermissions(false)}
        onSave={savePermissions}
      />
    </>
  );
}

function PermissionSummary({ entries }: { entries: PermissionEntry[] }) {
  const intl = useIntl();
  const organizationId = useProfile().data?.organization.id;
  const label = (id: string) => intl.formatMessage({ id });
  const assetName = (e: PermissionEntry) =>
    e.assetId === '*'
      ? label('app.mm.permissions.all')
      : e.assetTypeName === 'organization' && e.assetId === organizationId
        ? label('app.mm.permissions.this-org')
        : e.assetId;
  if (entries.length === 0) return <Alert severity="info">{label('app.mm.permissions.none')}</Alert>;
  return (
    <List dense disablePadding aria-label={label('app.mm.edit.permissions')}>
      {entries.slice(0, 8).map((e, i) => (
        <ListItem key={`${e.assetTypeName}-${e.assetId}-${i}`} disableGutters>
          <ListItemText
            primary={`${label(`app.asset.${e.assetTypeName}`)} · ${assetName(e)}`}
            secondary={label(permissionLevelId(e.bitMask))}
          />
        </ListItem>
      ))}
      {entries.length > 8 && (
        <Typography variant="body2" color="text.secondary">
          {intl.formatMessage({ id: 'app.mm.permissions.more' }, { count: entries.length - 8 })}
        </Typography>
      )}
    </List>
  );
}
