import { useState } from 'react';
import {
  Box,
  Button,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  ToggleButton,
  Tooltip,
  Typography,
} from '@mui/material';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import CheckIcon from '@mui/icons-material/Check';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import SortIcon from '@mui/icons-material/Sort';
import { useIntl } from 'react-intl';
import { ACTIVITY_CATEGORIES, ACTIVITY_TYPES } from '@fieldbook/domain';
import type { Project } from '../../api/projects';
import { FilterChip } from './FilterChip';
import { ChoiceList, DateFields, UserChoices } from './FilterFields';
import {
  cancelGroup,
  clearGroup,
  dateRangeError,
  fromDateInput,
  groupValue,
  isGroupSet,
  toDateInput,
  withGroup,
  type FilterGroup,
  type LogFilterState,
  type LogOrder,
} from './log-filters';
import { ACTIVITY_CATEGORY_LABELS, ACTIVITY_TYPE_LABELS, formatLogTime } from './log-format';

interface Props {
  filters: LogFilterState;
  onChange: (filters: LogFilterState) => void;
  order: LogOrder;
  onOrder: (order: LogOrder) => void;
  /** Organization admins filter by user (spec 3 §2). */
  isOrgAdmin: boolean;
  /** The projects offered: all, or for project admins those they administer. */
  projects: Project[];
  onExport: () => void;
  onReports: () => void;
}

type ListKey = 'userIds' | 'activityTypes' | 'categories' | 'projectIds';

/**
 * The log's filter bar (spec 3 §2): date-time, user (organization admins), action, category and project
 * groups, a report filter when a report bar opened the log, clear-all, sort, export and the Reports toggle.
 */
export function LogFilterBar({ filters, onChange, order, onOrder, isOrgAdmin, projects, onExport, onReports }: Props) {
  const intl = useIntl();
  const label = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // The draft of the group whose editor is open (one at a time).
  const [draft, setDraft] = useState<LogFilterState>({});
  const [dates, setDates] = useState({ start: '', end: '' });
  const [knownUsers] = useState(() => new Map<string, string>());
  const [sortAnchor, setSortAnchor] = useState<HTMLElement | null>(null);

  const summary = (group: FilterGroup, name: string, key: ListKey, names: (v: string) => string) => {
    const list = filters[key];
    if (!isGroupSet(filters, group) || !list) return undefined;
    return label('app.as.logs.filter.chosen', { label: name, count: list.length === 1 ? names(list[0]) : list.length });
  };

  const listGroup = (
    group: FilterGroup,
    key: ListKey,
    nameId: string,
    choices: Array<{ value: string; label: string }> | null,
  ) => {
    const name = label(nameId);
    const nameOf = (v: string) => choices?.find((c) => c.value === v)?.label ?? knownUsers.get(v) ?? v;
    const selected = draft[key] ?? [];
    const setSelected = (next: string[]) => setDraft({ ...draft, [key]: next });
    return (
      <FilterChip
        label={name}
        summary={summary(group, name, key, nameOf)}
        testId={`log-filter-${group}`}
        onOpen={() => setDraft(groupValue(filters, group))}
        onApply={() => onChange(withGroup(filters, group, draft))}
        onClear={() => onChange(clearGroup(filters, group))}
        onCancel={() => onChange(cancelGroup(filters, group, draft))}
      >
        {choices ? (
          <ChoiceList
            choices={choices}
            selected={selected}
            onChange={setSelected}
            label={name}
            testId={`log-filter-${group}-list`}
          />
        ) : (
          <UserChoices
            selected={selected}
            onChange={setSelected}
            known={knownUsers}
            onKnown={(id, email) => knownUsers.set(id, email)}
          />
        )}
        {group === 'projects' && !isOrgAdmin && (
          <Typography variant="caption" color="text.secondary">
            {label('app.as.logs.filter.my-projects')}
          </Typography>
        )}
      </FilterChip>
    );
  };

  const dateName = label('app.as.logs.filter.date');
  const day = (ms: number | undefined) => (ms === undefined ? '…' : formatLogTime(ms, intl.locale, false));
  const dateDraft: LogFilterState = { startTime: fromDateInput(dates.start), endTime: fromDateInput(dates.end) };
  const anySet = (['date', 'users', 'actions', 'categories', 'projects', 'report'] as const).some((g) =>
    isGroupSet(filters, g),
  );

  return (
    <Box
      role="toolbar"
      aria-label={label('app.as.logs.filters')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}
      data-testid="log-filter-bar"
    >
      {/* The filter groups wrap among themselves; the actions stay together on one line. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, flex: '1 1 auto' }}>
        <FilterChip
          label={dateName}
          summary={
            isGroupSet(filters, 'date')
              ? label('app.as.logs.filter.chosen', {
                  label: dateName,
                  count: `${day(filters.startTime)} – ${day(filters.endTime)}`,
                })
              : undefined
          }
          testId="log-filter-date"
          onOpen={() => setDates({ start: toDateInput(filters.startTime), end: toDateInput(filters.endTime) })}
          onApply={() => onChange(withGroup(filters, 'date', dateDraft))}
          onClear={() => onChange(clearGroup(filters, 'date'))}
          onCancel={() => onChange(cancelGroup(filters, 'date', dateDraft))}
          canApply={dateRangeError(dates.start, dates.end) === null}
        >
          <DateFields start={dates.start} end={dates.end} onChange={(start, end) => setDates({ start, end })} />
        </FilterChip>
        {isOrgAdmin && listGroup('users', 'userIds', 'app.as.logs.filter.user', null)}
        {listGroup(
          'actions',
          'activityTypes',
          'app.as.logs.filter.action',
          ACTIVITY_TYPES.map((v) => ({ value: v, label: label(ACTIVITY_TYPE_LABELS[v]) })),
        )}
        {listGroup(
          'categories',
          'categories',
          'app.as.logs.filter.category',
          ACTIVITY_CATEGORIES.map((v) => ({ value: v, label: label(ACTIVITY_CATEGORY_LABELS[v]) })),
        )}
        {listGroup(
          'projects',
          'projectIds',
          'app.as.logs.filter.project',
          projects.map((p) => ({ value: p.id, label: p.name })),
        )}
        {isGroupSet(filters, 'report') && (
          <FilterChip
            label={label('app.as.logs.filter.report')}
            summary={label('app.as.logs.filter.report')}
            testId="log-filter-report"
            readOnly
            onOpen={() => undefined}
            onApply={() => undefined}
            onCancel={() => undefined}
            onClear={() => onChange(clearGroup(filters, 'report'))}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
        <Button
          size="small"
          startIcon={<FilterAltOffOutlinedIcon />}
          disabled={!anySet}
          onClick={() => onChange({})}
          data-testid="log-clear-all"
        >
          {label('app.as.logs.clear-all')}
        </Button>
        <Tooltip title={label('app.as.logs.sort')}>
          <IconButton
            aria-label={label('app.as.logs.sort')}
            aria-haspopup="menu"
            onClick={(e) => setSortAnchor(e.currentTarget)}
            data-testid="log-sort"
          >
            <SortIcon />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={sortAnchor} open={sortAnchor !== null} onClose={() => setSortAnchor(null)}>
          {(['DESC', 'ASC'] as const).map((o) => (
            <MenuItem
              key={o}
              selected={order === o}
              aria-checked={order === o}
              role="menuitemradio"
              onClick={() => {
                onOrder(o);
                setSortAnchor(null);
              }}
              data-testid={`log-sort-${o.toLowerCase()}`}
            >
              <ListItemIcon>{order === o && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{label(o === 'DESC' ? 'app.as.logs.sort.newest' : 'app.as.logs.sort.oldest')}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
        <Button size="small" startIcon={<FileDownloadOutlinedIcon />} onClick={onExport} data-testid="log-export">
          {label('app.as.logs.export')}
        </Button>
        <ToggleButton
          value="reports"
          size="small"
          selected={false}
          onChange={onReports}
          aria-label={label('app.as.logs.reports-toggle')}
          data-testid="log-reports-toggle"
          sx={{ gap: 0.5, px: 1.25, py: 0.5, textTransform: 'none' }}
        >
          <AssessmentOutlinedIcon fontSize="small" />
          {label('app.as.logs.reports-toggle')}
        </ToggleButton>
      </Box>
    </Box>
  );
}
