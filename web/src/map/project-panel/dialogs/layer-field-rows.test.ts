import { describe, expect, it } from 'vitest';
import type { LayerField } from '@fieldbook/domain';
import { fieldsChanged, fieldsInput, moveRow, newRow, rowErrors, rowsOf } from './layer-field-rows';

const stored: LayerField[] = [
  { name: 'depth', type: 'real', order: 1 },
  { name: 'note', type: 'text', order: 0 },
];

describe('layer field rows', () => {
  it('start from the stored fields in order and send renames with their stored name', () => {
    const rows = rowsOf(stored);
    expect(rows.map((r) => r.name)).toEqual(['note', 'depth']);
    expect(fieldsChanged(rows, stored)).toBe(false);
    const renamed = [{ ...rows[0], name: ' remark ' }, rows[1], { ...newRow('boolean'), name: 'ok' }];
    expect(fieldsInput(renamed)).toEqual([
      { name: 'remark', type: 'text', order: 0, previousName: 'note' },
      { name: 'depth', type: 'real', order: 1, previousName: 'depth' },
      { name: 'ok', type: 'boolean', order: 2 },
    ]);
    expect(fieldsChanged(renamed, stored)).toBe(true);
    expect(fieldsChanged(moveRow(rows, 1, -1), stored)).toBe(true);
    expect(fieldsChanged(rows.slice(1), stored)).toBe(true);
  });

  it('report the domain rules per row with the server message ids', () => {
    const rows = [
      { ...newRow(), name: 'Note' },
      { ...newRow(), name: 'note' },
      { ...newRow(), name: 'geom' },
      { ...newRow(), name: '2nd' },
      { ...newRow(), name: 'x'.repeat(64) },
      { ...newRow(), name: 'ok' },
    ];
    expect(rowErrors(rows).names).toEqual([
      undefined,
      'app.layer.field.error.duplicate',
      'app.layer.field.error.reserved',
      'app.layer.field.error.name',
      'app.layer.field.error.name',
      undefined,
    ]);
    expect(rowErrors([{ ...newRow(), name: '' }]).names).toEqual(['app.layer.field.error.name']);
  });

  it('refuse a new row that takes a removed field name with another type, as the server does', () => {
    const rows = rowsOf(stored);
    const readded = [rows[1], { ...newRow('integer'), name: 'NOTE' }];
    expect(rowErrors(readded, stored).names).toEqual([undefined, 'app.layer.field.error.type-change']);
    expect(rowErrors([rows[1], { ...newRow('text'), name: 'note' }], stored).names).toEqual([undefined, undefined]);
    // Renaming the stored field frees its name for a new field of any type.
    const freed = [{ ...rows[0], name: 'remark' }, rows[1], { ...newRow('integer'), name: 'note' }];
    expect(rowErrors(freed, stored).names).toEqual([undefined, undefined, undefined]);
  });

  it('move a row up or down, and nowhere past the ends', () => {
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
