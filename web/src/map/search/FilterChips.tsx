import { useState } from 'react';
import { Autocomplete, Box, Button, Chip, MenuItem, Popover, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CropFreeIcon from '@mui/icons-material/CropFree';
import { transformExtent } from 'ol/proj';
import { useIntl } from 'react-intl';
import { dataTypeOfMapping, type SearchMappingField } from '@fieldbook/domain';
import { useFieldValues } from '../../api/search';
import { useDebounced } from '../../app/use-debounced';
import { useMap } from '../ol/MapContext';
import {
  EMPTY_FILTER_FORM,
  filterLabel,
  filterOfForm,
  formOfFilter,
  operationsFor,
  type FilterForm,
} from './filter-form';
import { useSearchPanel } from './search-store';

/**
 * The filter chips of a result table (spec 3 §2, §5): one chip per filter (click to update, delete to
 * remove), an add button opening the add/update popover, and the map area as a bounding-box filter.
 */
export function FilterChips({ layerId, fields }: { layerId: string; fields: SearchMappingField[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const map = useMap();
  const { filters, setFilter, removeFilter } = useSearchPanel();
  const [editing, setEditing] = useState<{ anchor: HTMLElement; index?: number } | null>(null);

  const addMapArea = () => {
    const size = map.getSize();
    if (!size) return;
    const [west, south, east, north] = transformExtent(map.getView().calculateExtent(size), 'EPSG:3857', 'EPSG:4326');
    const clamp = (v: number, limit: number) => Math.max(-limit, Math.min(limit, v));
    const box = {
      type: 'bb' as const,
      field: 'location',
      topLeft: { lat: clamp(north!, 90), lon: clamp(west!, 180) },
      bottomRight: { lat: clamp(south!, 90), lon: clamp(east!, 180) },
    };
    const existing = filters.findIndex((f) => f.type === 'bb');
    setFilter(box, existing === -1 ? undefined : existing);
  };

  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, px: 1.5, pb: 1 }}
      aria-label={t('app.search.filters')}
      role="group"
    >
      {filters.map((f, i) => (
        <Chip
          key={i}
          size="small"
          label={filterLabel(f, t('app.search.map-area'))}
          onClick={f.type === 'bb' ? undefined : (e) => setEditing({ anchor: e.currentTarget, index: i })}
          onDelete={() => removeFilter(i)}
          data-testid="search-filter-chip"
        />
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={(e) => setEditing({ anchor: e.currentTarget })}>
        {t('app.search.filter.add')}
      </Button>
      <Button size="small" startIcon={<CropFreeIcon />} onClick={addMapArea}>
        {t('app.search.filter.map-area')}
      </Button>
      {editing && (
        <FilterPopover
          anchor={editing.anchor}
          layerId={layerId}
          fields={fields}
          initial={editing.index === undefined ? EMPTY_FILTER_FORM : formOfFilter(filters[editing.index]!)}
          onApply={(form) => {
            const filter = filterOfForm(form, fields);
            if (filter) setFilter(filter, editing.index);
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}

interface PopoverProps {
  anchor: HTMLElement;
  layerId: string;
  fields: SearchMappingField[];
  initial: FilterForm;
  onApply: (form: FilterForm) => void;
  onClose: () => void;
}

/** The add/update popover: field, operator by data type, value (the field's commonest values offered) or range. */
function FilterPopover({ anchor, layerId, fields, initial, onApply, onClose }: PopoverProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form, setForm] = useState<FilterForm>(() => ({ ...initial, field: initial.field || fields[0]?.name || '' }));
  const field = fields.find((f) => f.name === form.field);
  const operations = operationsFor(field);
  const kind = field ? dataTypeOfMapping(field.type) : 'text';
  const prefix = useDebounced(form.value, 200);
  const choices = useFieldValues(layerId, kind === 'date' ? null : form.field || null, kind === 'text' ? prefix : '');
  const options = (choices.data?.aggregations.values.buckets ?? []).map((b) => String(b.key));
  const complete = filterOfForm(form, fields) !== null;
  const inputType = kind === 'date' ? 'date' : kind === 'number' ? 'number' : 'text';
  const set = (patch: Partial<FilterForm>) => setForm((f) => ({ ...f, ...patch }));

  return (
    <Popover open anchorEl={anchor} onClose={onClose} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Stack
        component="form"
        spacing={1.5}
        sx={{ p: 2, width: 300, maxWidth: '90vw' }}
        aria-label={t('app.search.filter.title')}
        onSubmit={(e) => {
          e.preventDefault();
          if (complete) onApply(form);
        }}
      >
        <TextField
          select
          size="small"
          label={t('app.search.filter.field')}
          value={form.field}
          onChange={(e) => {
            const next = fields.find((f) => f.name === e.target.value);
            const allowed = operationsFor(next);
            set({
              field: e.target.value,
              operation: allowed.includes(form.operation) ? form.operation : allowed[0]!,
              value: '',
              from: '',
              to: '',
            });
          }}
        >
          {fields.map((f) => (
            <MenuItem key={f.name} value={f.name}>
              {f.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('app.search.filter.operation')}
          value={form.operation}
          onChange={(e) => set({ operation: e.target.value as FilterForm['operation'] })}
        >
          {operations.map((op) => (
            <MenuItem key={op} value={op}>
              {t(`app.search.op.${op}`)}
            </MenuItem>
          ))}
        </TextField>
        {form.operation === 'between' ? (
          <Stack direction="row" spacing={1}>
            <TextField
              size="small"
              type={inputType}
              label={t('app.search.filter.from')}
              value={form.from}
              onChange={(e) => set({ from: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type={inputType}
              label={t('app.search.filter.to')}
              value={form.to}
              // Spec 3 §5: "to" stays disabled until "from" is given.
              disabled={form.from === ''}
              onChange={(e) => set({ to: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        ) : kind === 'boolean' ? (
          <TextField
            select
            size="small"
            label={t('app.search.filter.value')}
            value={form.value}
            onChange={(e) => set({ value: e.target.value })}
          >
            <MenuItem value="true">{t('app.search.yes')}</MenuItem>
            <MenuItem value="false">{t('app.search.no')}</MenuItem>
          </TextField>
        ) : (
          <Autocomplete
            freeSolo
            size="small"
            options={options}
            // Text values come narrowed by the server; numbers are narrowed here. The typed value itself
            // is no choice: once it is typed out the list closes.
            filterOptions={(o) => o.filter((v) => v !== form.value && (kind === 'text' || v.startsWith(form.value)))}
            inputValue={form.value}
            onInputChange={(_, value) => set({ value })}
            renderInput={(params) => (
              <TextField
                {...params}
                type={inputType}
                label={t('app.search.filter.value')}
                slotProps={{ ...params.slotProps, inputLabel: { shrink: true } }}
              />
            )}
          />
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('app.search.filter.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!complete}>
            {t('app.search.filter.apply')}
          </Button>
        </Stack>
      </Stack>
    </Popover>
  );
}
