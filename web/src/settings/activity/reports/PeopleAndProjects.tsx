import { useState } from 'react';
import { Autocomplete, TextField, type AutocompleteProps } from '@mui/material';
import { useIntl } from 'react-intl';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberKeys, membersApi } from '../../../api/members';
import { useSession } from '../../../api/session';
import { useDebounced } from '../../../app/use-debounced';

export interface Picked {
  id: string;
  label: string;
}

interface PickProps {
  labelId: string;
  /** Shown while nothing is picked: no choice means all of them. */
  allId: string;
  options: Picked[];
  value: Picked[];
  onChange: (picked: Picked[]) => void;
  testId: string;
  /** For a list searched on the server. */
  search?: Pick<
    AutocompleteProps<Picked, true, false, false>,
    'loading' | 'inputValue' | 'onInputChange' | 'filterOptions'
  >;
}

/** A multiple choice of users or projects, by name. */
function MultiPick({ labelId, allId, options, value, onChange, testId, search }: PickProps) {
  const intl = useIntl();
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={value}
      onChange={(_, picked) => onChange(picked)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      {...search}
      sx={{ flex: '1 1 220px', minWidth: 0, maxWidth: 420 }}
      renderInput={(params) => (
        <TextField
          {...params}
          margin="none"
          label={intl.formatMessage({ id: labelId })}
          placeholder={value.length ? undefined : intl.formatMessage({ id: allId })}
        />
      )}
      data-testid={testId}
    />
  );
}

/** Users to narrow the report to (organization admins only), searched on the members API by e-mail. */
export function UserFilter({ value, onChange }: { value: Picked[]; onChange: (users: Picked[]) => void }) {
  const orgId = useSession((s) => s.orgId);
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 500);
  const q = { page: 0, pageSize: 50, sort: 'email', order: 'asc', search: search || undefined } as const;
  const members = useQuery({
    queryKey: memberKeys.page(orgId, q),
    queryFn: () => membersApi.filter(q),
    placeholderData: keepPreviousData,
  });
  return (
    <MultiPick
      labelId="app.reports.users"
      allId="app.reports.users.all"
      options={(members.data?.data ?? []).map((m) => ({ id: m.id, label: m.email }))}
      value={value}
      onChange={onChange}
      testId="report-users"
      search={{
        loading: members.isFetching,
        inputValue: input,
        onInputChange: (_, text) => setInput(text),
        filterOptions: (list) => list,
      }}
    />
  );
}

/** Projects to narrow the report to; the caller passes only those the user may report on. */
export function ProjectFilter(props: { options: Picked[]; value: Picked[]; onChange: (projects: Picked[]) => void }) {
  return (
    <MultiPick labelId="app.reports.projects" allId="app.reports.projects.all" testId="report-projects" {...props} />
  );
}
