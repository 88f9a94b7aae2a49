import { describe, expect, it } from 'vitest';
import type { SearchMappingField } from '@fieldbook/domain';
import { EMPTY_FILTER_FORM, filterLabel, filterOfForm, formOfFilter, operationsFor } from './filter-form';

const fields: SearchMappingField[] = [
  { name: 'name', title: 'name', type: 'text', default: true },
  { name: 'depth', title: 'depth', type: 'double', default: true },
  { name: 'day', title: 'day', type: 'date', default: true },
];

describe('the filter popover', () => {
  it('offers the operators of the field type (spec 3 §5)', () => {
    expect(operationsFor(fields[0])).toEqual(['eq', 'ne', 'like']);
    expect(operationsFor(fields[1])).toEqual(['eq', 'ne', 'between', 'gte', 'lte']);
  });

  it('builds a filter only when complete, typed by its field', () => {
    const form = { ...EMPTY_FILTER_FORM, field: 'depth', operation: 'gte' as const, value: '2.5' };
    expect(filterOfForm(form, fields)).toEqual({
      type: 'range',
      field: 'depth',
      operation: 'gte',
      value: 2.5,
      dataType: 'number',
    });
    expect(filterOfForm({ ...form, value: 'deep' }, fields)).toBeNull();
    expect(filterOfForm({ ...form, operation: 'between', from: '1' }, fields)).toBeNull();
    expect(filterOfForm({ ...form, field: 'name', operation: 'gte' }, fields)).toBeNull();
    const between = filterOfForm(
      { ...form, field: 'day', operation: 'between', from: '2024-03-01', to: '2024-03-05' },
      fields,
    )!;
    expect(filterLabel(between, 'Map area')).toBe('day 2024-03-01 – 2024-03-05');
    expect(formOfFilter(between)).toMatchObject({ from: '2024-03-01', to: '2024-03-05' });
  });
});
