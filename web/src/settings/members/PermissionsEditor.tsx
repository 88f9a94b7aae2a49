import { useEffect, useEffectEvent, useId, useState } from 'react';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Checkbox,
  Container,
  Dialog,
  FormControl,
  FormControlLabel,
  FormGroup,
  IconButton,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useIntl } from 'react-intl';
import {
  ASSET_TYPES,
  LIMITS,
  MEMBER_MSG,
  PERMISSION_BITS,
  bitsToNumber,
  maxMaskFor,
  normalizeMask,
  numberToBits,
  type AssetType,
  type Member,
  type PermissionEntry,
} from '@fieldbook/domain';
import { AssetPicker, PICKED_TYPES } from './AssetPicker';
import { fullName } from './member-format';

const LEVEL_ID: Record<string, string> = {
  '0001': 'app.perm.view',
  '0011': 'app.perm.create',
  '0111': 'app.perm.edit',
  '1111': 'app.perm.admin',
};
export const permissionLevelId = (bitMask: string) => LEVEL_ID[normalizeMask(bitMask)] ?? 'app.perm.none';

const BOXES = [
  { bit: PERMISSION_BITS.view, labelId: 'app.perm.box.view', key: 'view' },
  { bit: PERMISSION_BITS.create, labelId: 'app.perm.box.create', key: 'create' },
  { bit: PERMISSION_BITS.edit, labelId: 'app.perm.box.edit', key: 'edit' },
  { bit: PERMISSION_BITS.admin, labelId: 'app.perm.box.admin', key: 'admin' },
] as const;

interface Row extends PermissionEntry {
  key: number;
}

let nextKey = 1;
const toRows = (entries: PermissionEntry[]): Row[] =>
  entries.map((e) => ({ ...e, bitMask: normalizeMask(e.bitMask), key: nextKey++ }));
/** What would be saved: trimmed ids, entries without any box dropped. */
const cleaned = (rows: PermissionEntry[]): PermissionEntry[] =>
  rows
    .map((r) => ({ assetTypeName: r.assetTypeName, assetId: r.assetId.trim(), bitMask: normalizeMask(r.bitMask) }))
    .filter((r) => r.bitMask !== '0000');

/** Keeps a mask within what the member's type may hold on this kind of asset (spec 1 §5). */
function clamp(bitMask: string, max: number): string {
  return bitsToNumber(bitMask) > max ? normalizeMask(numberToBits(max)) : bitMask;
}

/**
 * Checking a box forces and disables the lower ones (normalizeMask); unchecking it leaves the level below.
 */
export function toggleBit(bitMask: string, bit: number, checked: boolean): string {
  return normalizeMask(numberToBits(checked ? bit : bit >> 1));
}

interface Props {
  open: boolean;
  member: Member;
  pending: boolean;
  onClose: () => void;
  onSave: (entries: PermissionEntry[]) => void;
}

/**
 * Full-screen user-permissions editor (spec 1 §5): at most 100 entries (beyond that a wildcard is
 * asked for); data collectors get no Edit or Admin boxes except on the organization entry, viewers
 * only View; Update stays disabled until something changed and while over the limit.
 */
export function PermissionsEditor({ open, member, pending, onClose, onSave }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const [rows, setRows] = useState<Row[]>(() => toRows(member.permissions));
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  // Each opening (or another member) starts from the member's saved permissions.
  const resetRows = useEffectEvent(() => setRows(toRows(member.permissions)));
  useEffect(() => {
    if (open) resetRows();
  }, [open, member.id]);

  const next = cleaned(rows);
  const changed = JSON.stringify(next) !== JSON.stringify(cleaned(member.permissions));
  const over = rows.length > LIMITS.permissionEntriesMax;
  const missingId = rows.some((r) => !r.assetId.trim());
  const canSave = changed && !over && !missingId && !pending;

  const patch = (key: number, change: Partial<PermissionEntry>) =>
    setRows((all) =>
      all.map((r) => {
        if (r.key !== key) return r;
        const updated = { ...r, ...change };
        return { ...updated, bitMask: clamp(updated.bitMask, maxMaskFor(member.userType, updated)) };
      }),
    );

  return (
    <Dialog
      fullScreen
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      data-testid="permissions-editor"
      slotProps={{ paper: { sx: { bgcolor: 'background.default', backgroundImage: 'none' } } }}
    >
      <AppBar position="sticky" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton edge="start" onClick={onClose} aria-label={label('app.close')} disabled={pending}>
            <CloseIcon />
          </IconButton>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h6" component="h2" noWrap>
              {label('app.mm.permissions.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {fullName(member)}
            </Typography>
          </Box>
          <Button variant="contained" disabled={!canSave} onClick={() => onSave(next)} data-testid="permissions-update">
            {label('app.mm.permissions.update')}
          </Button>
        </Toolbar>
      </AppBar>
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {label('app.mm.permissions.hint', { max: LIMITS.permissionEntriesMax })}
        </Typography>
        {over && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="permissions-too-many">
            {label(MEMBER_MSG.tooManyPermissions)}
          </Alert>
        )}
        {rows.length === 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {label('app.mm.permissions.none')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {rows.map((row, index) => {
            const max = maxMaskFor(member.userType, row);
            const mask = bitsToNumber(row.bitMask);
            const groupLabel = label('app.mm.permissions.entry', { n: index + 1 });
            return (
              <Paper
                key={row.key}
                variant="outlined"
                role="group"
                aria-label={groupLabel}
                data-testid="permission-entry"
                sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
              >
                <FormControl size="small" sx={{ width: { xs: 'calc(100% - 52px)', sm: 170 }, order: 0 }}>
                  <InputLabel id={`perm-type-${row.key}`}>{label('app.mm.permissions.asset-type')}</InputLabel>
                  <Select
                    labelId={`perm-type-${row.key}`}
                    label={label('app.mm.permissions.asset-type')}
                    value={row.assetTypeName}
                    // Another type names other assets: the entry starts again from all of them.
                    onChange={(e) => patch(row.key, { assetTypeName: e.target.value as AssetType, assetId: '*' })}
                    data-testid="permission-type"
                  >
                    {ASSET_TYPES.map((t) => (
                      <MenuItem key={t} value={t}>
                        {label(`app.asset.${t}`)}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
                {PICKED_TYPES.includes(row.assetTypeName) ? (
                  <AssetPicker
                    type={row.assetTypeName}
                    value={row.assetId}
                    onChange={(assetId) => patch(row.key, { assetId })}
                  />
                ) : (
                  <TextField
                    size="small"
                    margin="none"
                    label={label('app.mm.permissions.asset-id')}
                    value={row.assetId}
                    onChange={(e) => patch(row.key, { assetId: e.target.value })}
                    error={!row.assetId.trim()}
                    helperText={label('app.mm.permissions.asset-id.hint')}
                    sx={{ flex: '1 1 200px', order: 2 }}
                    slotProps={{ htmlInput: { 'data-testid': 'permission-asset-id', maxLength: 128 } }}
                  />
                )}
                <FormGroup row sx={{ columnGap: 0.5, width: { md: 350 }, order: 3 }}>
                  {BOXES.filter((b) => b.bit <= max).map((b) => (
                    <FormControlLabel
                      key={b.key}
                      sx={{ mr: 1 }}
                      label={label(b.labelId)}
                      control={
                        <Checkbox
                          size="small"
                          checked={(mask & b.bit) !== 0}
                          // A box included by a higher checked one is forced on.
                          disabled={mask > b.bit * 2 - 1}
                          onChange={(_, c) => patch(row.key, { bitMask: toggleBit(row.bitMask, b.bit, c) })}
                          slotProps={{ input: { 'data-testid': `permission-${b.key}` } as object }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                <IconButton
                  aria-label={label('app.mm.permissions.remove', { n: index + 1 })}
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  data-testid="permission-remove"
                  // Beside the type on phones, at the end of the row on wider screens.
                  sx={{ order: { xs: 1, sm: 4 } }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Paper>
            );
          })}
        </Box>
        <Button
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          disabled={rows.length >= LIMITS.permissionEntriesMax}
          onClick={() =>
            setRows((all) => [...all, { key: nextKey++, assetTypeName: 'project', assetId: '*', bitMask: '0001' }])
          }
          data-testid="permission-add"
        >
          {label('app.mm.permissions.add')}
        </Button>
      </Container>
    </Dialog>
  );
}
