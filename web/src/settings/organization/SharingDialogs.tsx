import { useEffect, useEffectEvent, useId, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useIntl } from 'react-intl';
import { LIMITS, grantCodeField, type AssetType, type Grant, type PermissionEntry } from '@fieldbook/domain';
import { ApiError, errorMessageOf } from '../../api/client';
import { useGrantBetween, useRequestGrant, useSetGrantPermissions } from '../../api/sharing';
import { actionCallbacks, snackFailure } from '../../app/action-feedback';
import { useForm, type FieldErrors } from '../../app/form';
import { showSnack } from '../../app/snackbar-store';
import { useT } from '../../i18n/translate';

/** Copies to the clipboard and says so; a refused clipboard says that instead. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showSnack('app.perms.copied', 'success');
  } catch {
    showSnack('app.perms.copy.failed', 'warning');
  }
}

/** The code just created, to hand to the other organization. */
export function CreatedCodeDialog({ grant, onClose }: { grant: Grant | null; onClose: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <Dialog
      open={Boolean(grant)}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="created-code-dialog"
    >
      <DialogTitle id={titleId}>{label('app.perms.code.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{label('app.perms.code.body')}</DialogContentText>
        <Box
          sx={{
            mt: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        >
          <Box
            component="code"
            sx={{ flex: 1, fontFamily: 'monospace', fontSize: 16, overflowWrap: 'anywhere' }}
            data-testid="created-code-value"
          >
            {grant?.id}
          </Box>
          <Tooltip title={label('app.perms.copy')}>
            <IconButton
              aria-label={label('app.perms.copy')}
              onClick={() => grant && void copyText(grant.id)}
              data-testid="created-code-copy"
            >
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="created-code-close">
          {label('app.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Request permission with another organization's code (e-mail-like, at most 128); 409 means one already exists. */
export function RequestPermissionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const request = useRequestGrant();
  const form = useForm({ code: '' }, (v): FieldErrors => {
    const result = grantCodeField.safeParse(v.code);
    return result.success ? {} : { code: result.error.issues[0]?.message ?? 'app.perms.code.invalid' };
  });
  const label = (id: string) => intl.formatMessage({ id });

  // Each opening starts from an empty code.
  const resetForm = useEffectEvent(() => form.reset());
  useEffect(() => {
    if (open) resetForm();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.valid || request.isPending) return;
    request.mutate(form.values.code.trim(), {
      onSuccess: () => {
        showSnack('app.perms.requested.success', 'success');
        onClose();
      },
      onError: (err) => {
        // The server's 'perms.409' (spec 1 §8): this organization already has a grant with that one.
        if (err instanceof ApiError && err.status === 409) showSnack('app.perms.409', 'error');
        else snackFailure(err, 'app.perms.requested.error');
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={request.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="request-permission-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{label('app.perms.request')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{label('app.perms.request.body')}</DialogContentText>
          <TextField
            {...form.field('code', label('app.perms.request.code'))}
            required
            autoFocus
            slotProps={{
              htmlInput: {
                'data-testid': 'request-code',
                maxLength: LIMITS.emailMax,
                autoComplete: 'off',
                spellCheck: false,
              },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={request.isPending}>
            {label('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!form.valid || request.isPending}
            data-testid="request-submit"
          >
            {label('app.perms.request.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const SHARE_TYPES: AssetType[] = ['project', 'folder', 'layer', 'feature'];
type ShareRow = { key: number; assetTypeName: AssetType; assetId: string };
let nextKey = 1;

/** Manage permissions of a granted share: which assets the other organization may view (view only). */
export function GrantPermissionsDialog({ grant, onClose }: { grant: Grant; onClose: () => void }) {
  const intl = useIntl();
  const t = useT();
  const titleId = useId();
  const current = useGrantBetween(
    grant.grantorOrganizationId,
    grant.granteeOrganizationId ?? '',
    Boolean(grant.granteeOrganizationId),
  );
  const save = useSetGrantPermissions();
  const [rows, setRows] = useState<ShareRow[] | null>(null);
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  useEffect(() => {
    if (current.data && rows === null) {
      setRows(
        current.data.permissions.map((p) => ({ key: nextKey++, assetTypeName: p.assetTypeName, assetId: p.assetId })),
      );
    }
  }, [current.data, rows]);

  const entries: PermissionEntry[] = (rows ?? []).map((r) => ({
    assetTypeName: r.assetTypeName,
    assetId: r.assetId.trim(),
    bitMask: '0001',
  }));
  const before = JSON.stringify((current.data?.permissions ?? []).map((p) => ({ ...p, bitMask: '0001' })));
  const changed = rows !== null && JSON.stringify(entries) !== before;
  const invalid = entries.some((e) => !e.assetId) || entries.length > LIMITS.permissionEntriesMax;
  const patch = (key: number, change: Partial<ShareRow>) =>
    setRows((all) => (all ?? []).map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      data-testid="grant-permissions-dialog"
    >
      <DialogTitle id={titleId}>
        {label('app.perms.manage')}
        <Typography variant="body2" color="text.secondary">
          {grant.granteeOrganization}
        </Typography>
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{label('app.perms.manage.body')}</DialogContentText>
        {current.isError && <Alert severity="error">{t(errorMessageOf(current.error))}</Alert>}
        {current.isPending && <CircularProgress aria-label={label('app.loading')} />}
        {rows?.length === 0 && <Alert severity="info">{label('app.perms.manage.none')}</Alert>}
        {rows?.map((row, index) => (
          <Box
            key={row.key}
            role="group"
            aria-label={label('app.mm.permissions.entry', { n: index + 1 })}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1.5 }}
            data-testid="grant-entry"
          >
            <FormControl size="small" sx={{ width: { xs: '100%', sm: 150 } }}>
              <InputLabel id={`grant-type-${row.key}`}>{label('app.mm.permissions.asset-type')}</InputLabel>
              <Select
                labelId={`grant-type-${row.key}`}
                label={label('app.mm.permissions.asset-type')}
                value={row.assetTypeName}
                onChange={(e) => patch(row.key, { assetTypeName: e.target.value as AssetType })}
              >
                {SHARE_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {label(`app.asset.${type}`)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <TextField
              size="small"
              margin="none"
              sx={{ flex: '1 1 180px' }}
              label={label('app.mm.permissions.asset-id')}
              value={row.assetId}
              error={!row.assetId.trim()}
              helperText={label('app.mm.permissions.asset-id.hint')}
              onChange={(e) => patch(row.key, { assetId: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 128, 'data-testid': 'grant-entry-id' } }}
            />
            <IconButton
              aria-label={label('app.mm.permissions.remove', { n: index + 1 })}
              onClick={() => setRows((all) => (all ?? []).filter((r) => r.key !== row.key))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        {rows && (
          <Button
            startIcon={<AddIcon />}
            onClick={() =>
              setRows((all) => [...(all ?? []), { key: nextKey++, assetTypeName: 'project', assetId: '*' }])
            }
            disabled={rows.length >= LIMITS.permissionEntriesMax}
            data-testid="grant-entry-add"
          >
            {label('app.mm.permissions.add')}
          </Button>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {label('app.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!changed || invalid || save.isPending}
          data-testid="grant-permissions-save"
          onClick={() =>
            save.mutate(
              {
                grantorId: grant.grantorOrganizationId,
                granteeId: grant.granteeOrganizationId ?? '',
                permissions: entries,
              },
              actionCallbacks('app.perms.permissions.updated.success', 'app.perms.permissions.updated.error', onClose),
            )
          }
        >
          {label('app.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
