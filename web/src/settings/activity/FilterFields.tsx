import { useState } from 'react';
import {
  Box,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { LIMITS } from '@fieldbook/domain';
import { memberKeys, membersApi, type MemberQuery } from '../../api/members';
import { useSession } from '../../api/session';
import { useDebounced } from '../../app/use-debounced';
import { useT } from '../../i18n/translate';
import { dateInputBounds, dateRangeError } from './log-filters';

export interface Choice {
  value: string;
  label: string;
}

interface ChoiceListProps {
  choices: Choice[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Accessible name of the list (the group's name). */
  label: string;
  testId: string;
}

/** The checkboxes of a filter group; ticking none means "no filter". */
export function ChoiceList({ choices, selected, onChange, label, testId }: ChoiceListProps) {
  const intl = useIntl();
  if (!choices.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {intl.formatMessage({ id: 'app.as.logs.filter.no-options' })}
      </Typography>
    );
  }
  return (
    <FormGroup aria-label={label} sx={{ maxHeight: 300, overflow: 'auto', flexWrap: 'nowrap' }} data-testid={testId}>
      {choices.map((c) => (
        <FormControlLabel
          key={c.value}
          label={c.label}
          sx={{ '& .MuiFormControlLabel-label': { wordBreak: 'break-word' } }}
          control={
            <Checkbox
              size="small"
              checked={selected.includes(c.value)}
              onChange={(_, on) => onChange(on ? [...selected, c.value] : selected.filter((v) => v !== c.value))}
              slotProps={{ input: { 'data-value': c.value } as object }}
            />
          }
        />
      ))}
    </FormGroup>
  );
}

interface UserChoicesProps {
  selected: string[];
  onChange: (selected: string[]) => void;
  /** E-mails of users chosen earlier, so a choice outside the current search still shows by name. */
  known: Map<string, string>;
  onKnown: (id: string, email: string) => void;
}

/** The user group (organization admins only): members found by e-mail or name, 500 ms after typing. */
export function UserChoices({ selected, onChange, known, onKnown }: UserChoicesProps) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id });
  const orgId = useSession((s) => s.orgId);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), LIMITS.searchDebounceMs);
  const query: MemberQuery = { page: 0, pageSize: 100, sort: 'email', order: 'asc', search: search || undefined };
  const members = useQuery({
    queryKey: memberKeys.page(orgId, query),
    queryFn: () => membersApi.filter(query),
  });
  const found = (members.data?.data ?? []).map((m) => ({ value: m.id, label: m.email }));
  // Users ticked earlier but not in this search stay listed first, so they can be unticked.
  const earlier = selected
    .filter((id) => !found.some((c) => c.value === id))
    .map((id) => ({ value: id, label: known.get(id) ?? id }));

  return (
    <>
      <TextField
        type="search"
        size="small"
        fullWidth
        margin="dense"
        label={label('app.as.logs.filter.search-users')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        slotProps={{
          htmlInput: { maxLength: LIMITS.emailMax, 'data-testid': 'log-filter-user-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {members.isLoading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={22} aria-label={label('app.loading')} />
        </Box>
      ) : (
        <ChoiceList
          choices={[...earlier, ...found]}
          selected={selected}
          onChange={(next) => {
            for (const c of found) if (next.includes(c.value)) onKnown(c.value, c.label);
            onChange(next);
          }}
          label={label('app.as.logs.filter.user')}
          testId="log-filter-user-list"
        />
      )}
    </>
  );
}

interface DateFieldsProps {
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
}

/** From and To (datetime-local), each bounded by the other and by 2020-01-01..2100-01-01 (spec 3 §5). */
export function DateFields({ start, end, onChange }: DateFieldsProps) {
  const intl = useIntl();
  const t = useT();
  const label = (id: string) => intl.formatMessage({ id });
  const bounds = dateInputBounds(start, end);
  const error = dateRangeError(start, end);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 1 }}>
      <TextField
        type="datetime-local"
        size="small"
        label={label('app.as.logs.filter.start')}
        value={start}
        onChange={(e) => onChange(e.target.value, end)}
        error={error !== null}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: bounds.startMin, max: bounds.startMax, 'data-testid': 'log-filter-start' },
        }}
      />
      <TextField
        type="datetime-local"
        size="small"
        label={label('app.as.logs.filter.end')}
        value={end}
        onChange={(e) => onChange(start, e.target.value)}
        error={error !== null}
        helperText={error ? t(error) : undefined}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { min: bounds.endMin, max: bounds.endMax, 'data-testid': 'log-filter-end' },
          formHelperText: { role: 'alert' } as object,
        }}
      />
    </Box>
  );
}
