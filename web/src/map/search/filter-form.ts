import {
  SEARCH_OPERATIONS,
  dataTypeOfMapping,
  operationAllowed,
  type SearchFilter,
  type SearchMappingField,
  type SearchOperation,
} from '@fieldbook/domain';

/** The filter popover's form: a field, an operator its data type allows (spec 3 §5), a value or a range. */
export interface FilterForm {
  field: string;
  operation: SearchOperation;
  value: string;
  from: string;
  to: string;
}

export const EMPTY_FILTER_FORM: FilterForm = { field: '', operation: 'eq', value: '', from: '', to: '' };

export const operationsFor = (field: SearchMappingField | undefined): SearchOperation[] =>
  field ? SEARCH_OPERATIONS.filter((op) => operationAllowed(op, dataTypeOfMapping(field.type))) : [];

/** A typed value of the form for the field: numbers as numbers, booleans as booleans. */
function typed(field: SearchMappingField, text: string): string | number | boolean | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const kind = dataTypeOfMapping(field.type);
  if (kind === 'number') return Number.isFinite(Number(trimmed)) ? Number(trimmed) : undefined;
  if (kind === 'boolean') return trimmed === 'true' ? true : trimmed === 'false' ? false : undefined;
  return trimmed;
}

/**
 * The filter the form describes, or null while it is incomplete: between needs both ends (spec 3 §5),
 * other operators a value of the field's type.
 */
export function filterOfForm(form: FilterForm, fields: SearchMappingField[]): SearchFilter | null {
  const field = fields.find((f) => f.name === form.field);
  if (!field || !operationsFor(field).includes(form.operation)) return null;
  const dataType = dataTypeOfMapping(field.type);
  if (form.operation === 'between') {
    const from = typed(field, form.from);
    const to = typed(field, form.to);
    return from === undefined || to === undefined
      ? null
      : { type: 'range', field: field.name, operation: 'between', from, to, dataType };
  }
  const value = typed(field, form.value);
  if (value === undefined) return null;
  const type = form.operation === 'eq' || form.operation === 'ne' || form.operation === 'like' ? 'term' : 'range';
  return { type, field: field.name, operation: form.operation, value, dataType };
}

/** The form of an existing filter, for editing its chip. */
export function formOfFilter(filter: SearchFilter): FilterForm {
  if (filter.type === 'bb') return EMPTY_FILTER_FORM;
  const text = (v: unknown) => (v === undefined ? '' : String(v));
  return {
    field: filter.field,
    operation: filter.operation,
    value: text(filter.value),
    from: text(filter.from),
    to: text(filter.to),
  };
}

const SYMBOL: Record<SearchOperation, string> = { eq: '=', ne: '≠', like: '~', between: '', gte: '≥', lte: '≤' };

/** A chip's text: "depth ≥ 20", "day 2024-03-01 – 2024-03-05". */
export function filterLabel(filter: SearchFilter, mapArea: string): string {
  if (filter.type === 'bb') return mapArea;
  if (filter.operation === 'between') return `${filter.field} ${String(filter.from)} – ${String(filter.to)}`;
  return `${filter.field} ${SYMBOL[filter.operation]} ${String(filter.value)}`;
}
