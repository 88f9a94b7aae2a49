import { useId } from 'react';
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import { useIntl } from 'react-intl';
import { useProfile } from '../api/accounts';
import { useSwitchOrganization } from './organization-context';

/**
 * "Organization" selector of the project panel and the settings drawer. Shown only when the user
 * belongs to more than one organization, unless `single` asks for it with one (support users on the
 * map, spec 3 §2; the project panel decides when to show it).
 */
export function OrganizationSelect({
  size = 'small',
  single = false,
}: {
  size?: 'small' | 'medium';
  single?: boolean;
}) {
  const intl = useIntl();
  const labelId = useId();
  const profile = useProfile().data;
  const switchTo = useSwitchOrganization();
  if (!profile || profile.organizations.length < (single ? 1 : 2)) return null;
  const organizations = [...profile.organizations].sort((a, b) => a.name.localeCompare(b.name));
  const label = intl.formatMessage({ id: 'app.org.select' });

  return (
    <FormControl fullWidth size={size}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={profile.organization.id}
        onChange={(e) => switchTo(e.target.value)}
        data-testid="org-select"
        slotProps={{ input: { 'data-testid': 'org-select-input' } as object }}
      >
        {organizations.map((o) => (
          <MenuItem key={o.id} value={o.id} data-testid={`org-option-${o.id}`}>
            {o.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
