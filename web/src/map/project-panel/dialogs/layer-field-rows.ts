import {
  FIELD_MSG,
  layerFieldsInputSchema,
  sortedFields,
  type FieldType,
  type LayerField,
  type LayerFieldInput,
} from '@fieldbook/domain';

/**
 * One row of the layer dialog's field editor. `previousName` is the stored name of a field the layer
 * already has (so a rename moves its values); a row added in the dialog has none. `key` keeps React
 * rows stable while names change.
 */
export interface FieldRow {
  key: string;
  name: string;
  type: FieldType;
  previousName?: string;
}

let nextKey = 0;
const newKey = () => `field-${++nextKey}`;

/** The editor's rows for a layer's stored fields, in their order. */
export const rowsOf = (fields: readonly LayerField[]): FieldRow[] =>
  sortedFields(fields).map((f) => ({ key: newKey(), name: f.name, type: f.type, previousName: f.name }));

export const newRow = (type: FieldType = 'text'): FieldRow => ({ key: newKey(), name: '', type });

/** The `fields` of the layer PUT: the whole list in the rows' order, renames naming their stored field. */
export const fieldsInput = (rows: readonly FieldRow[]): LayerFieldInput[] =>
  rows.map((r, order) => ({
    name: r.name.trim(),
    type: r.type,
    order,
    ...(r.previousName !== undefined ? { previousName: r.previousName } : {}),
  }));

/**
 * The message id of what is wrong with each row's name (the domain's rules: the name pattern and
 * length, reserved names, unique names case-insensitively), or undefined; plus a list-wide error
 * (too many fields). As the server does, a new row taking the name of a removed stored field keeps
 * that field, so it must keep its type too.
 */
export function rowErrors(
  rows: readonly FieldRow[],
  stored: readonly LayerField[] = [],
): { names: Array<string | undefined>; list?: string } {
  const kept = new Set(rows.flatMap((r) => (r.previousName ? [r.previousName.toLowerCase()] : [])));
  const storedType = new Map(stored.map((f) => [f.name.toLowerCase(), f.type]));
  // The schema checks duplicates only once every row is valid; the editor shows them at once.
  const seen = new Set<string>();
  const names: Array<string | undefined> = rows.map((r) => {
    const name = r.name.trim().toLowerCase();
    if (name && seen.has(name)) return FIELD_MSG.nameDuplicate;
    seen.add(name);
    const type = r.previousName === undefined && !kept.has(name) ? storedType.get(name) : undefined;
    return type !== undefined && type !== r.type ? FIELD_MSG.typeChange : undefined;
  });
  const result = layerFieldsInputSchema.safeParse(fieldsInput(rows));
  if (result.success) return { names };
  let list: string | undefined;
  for (const issue of result.error.issues) {
    const [index] = issue.path;
    if (typeof index === 'number') names[index] ??= issue.message;
    else list ??= issue.message;
  }
  return { names, list };
}

/** Whether the rows differ from the stored fields (names, types, order, additions or removals). */
export function fieldsChanged(rows: readonly FieldRow[], stored: readonly LayerField[]): boolean {
  const before = sortedFields(stored);
  return (
    rows.length !== before.length ||
    rows.some((r, i) => r.name.trim() !== before[i].name || r.type !== before[i].type || r.previousName === undefined)
  );
}

/** The rows with row `index` moved one place up (-1) or down (+1); unchanged at either end. */
export function moveRow<T>(rows: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
