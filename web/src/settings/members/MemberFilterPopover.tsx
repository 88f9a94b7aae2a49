import { useId } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Popover,
  Select,
  Typography,
} from '@mui/material';
import { useIntl } from 'react-intl';
import { USER_TYPES } from '@fieldbook/domain';
import type { MemberFilters } from '../../api/members';
import { USER_TYPE_LABEL } from './member-format';

type TriState = 'any' | 'true' | 'false';
const toTri = (v: boolean | undefined): TriState => (v === undefined ? 'any' : v ? 'true' : 'false');
const fromTri = (v: TriState): boolean | undefined => (v === 'any' ? undefined : v === 'true');

export const activeFilterCount = (f: MemberFilters) =>
  [f.active, f.renew, f.rtk, f.userType, f.includeProstarUsers || undefined].filter((v) => v !== undefined).length;

interface Props {
  anchor: HTMLElement | null;
  onClose: () => void;
  filters: MemberFilters;
  onChange: (filters: MemberFilters) => void;
  /** Only support users see (and may include) support users: the 'prostar' filter. */
  isSupport: boolean;
}

/** Filters of the member table: active, renew, RTK, user type (and support users for support users). */
export function MemberFilterPopover({ anchor, onClose, filters, onChange, isSupport }: Props) {
  const intl = useIntl();
  const titleId = useId();
  const label = (id: string) => intl.formatMessage({ id });

  const tri = (key: 'active' | 'renew' | 'rtk', labelId: string, yesId: string, noId: string) => {
    const id = `member-filter-${key}`;
    return (
      <FormControl size="small" fullWidth margin="dense">
        <InputLabel id={`${id}-label`}>{label(labelId)}</InputLabel>
        <Select
          labelId={`${id}-label`}
          label={label(labelId)}
          value={toTri(filters[key])}
          onChange={(e) => onChange({ ...filters, [key]: fromTri(e.target.value as TriState) })}
          data-testid={id}
        >
          <MenuItem value="any">{label('app.mm.filter.any')}</MenuItem>
          <MenuItem value="true">{label(yesId)}</MenuItem>
          <MenuItem value="false">{label(noId)}</MenuItem>
        </Select>
      </FormControl>
    );
  };

  const types = [
    USER_TYPES.viewer,
    USER_TYPES.dataCollector,
    USER_TYPES.editor,
    ...(isSupport ? [USER_TYPES.support] : []),
  ];

  return (
    <Popover
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { p: 2, width: 300, maxWidth: 'calc(100vw - 32px)' },
        } as object,
      }}
    >
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {label('app.mm.filter')}
      </Typography>
      {tri('active', 'app.mm.column.status', 'app.mm.status.active', 'app.mm.status.inactive')}
      {tri('renew', 'app.mm.detail.renew', 'app.yes', 'app.no')}
      {tri('rtk', 'app.mm.filter.rtk', 'app.mm.filter.rtk.with', 'app.mm.filter.rtk.without')}
      <FormControl size="small" fullWidth margin="dense">
        <InputLabel id="member-filter-type-label">{label('app.mm.column.type')}</InputLabel>
        <Select
          labelId="member-filter-type-label"
          label={label('app.mm.column.type')}
          value={filters.userType ?? 'any'}
          onChange={(e) => onChange({ ...filters, userType: e.target.value === 'any' ? undefined : e.target.value })}
          data-testid="member-filter-type"
        >
          <MenuItem value="any">{label('app.mm.filter.any')}</MenuItem>
          {types.map((t) => (
            <MenuItem key={t} value={t}>
              {label(USER_TYPE_LABEL[t])}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {isSupport && (
        <FormControlLabel
          control={
            <Checkbox
              checked={filters.includeProstarUsers ?? false}
              onChange={(_, c) => onChange({ ...filters, includeProstarUsers: c || undefined })}
            />
          }
          label={label('app.mm.filter.prostar')}
        />
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1.5 }}>
        <Button
          onClick={() => onChange({})}
          disabled={activeFilterCount(filters) === 0}
          data-testid="member-filter-clear"
        >
          {label('app.mm.filter.clear')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {label('app.done')}
        </Button>
      </Box>
    </Popover>
  );
}
