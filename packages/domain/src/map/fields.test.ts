import { describe, expect, it } from 'vitest';
import {
  FIELD_MSG,
  coerceFieldValue,
  fieldValueSchemaFor,
  fieldValuesSchemaFor,
  launderFieldName,
  layerFieldsInputSchema,
  layerFieldsSchema,
} from './fields.js';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('layer field lists', () => {
  it('accepts typed fields with unique names in any script', () => {
    const r = layerFieldsSchema.safeParse([
      { name: 'diameter', type: 'real', order: 0 },
      { name: 'año', type: 'integer', order: 1 },
      { name: '名称', type: 'text', order: 2 },
    ]);
    expect(r.success).toBe(true);
  });

  it('refuses names that repeat case-insensitively, reserved names, bad names and unknown types', () => {
    expect(
      messages(
        layerFieldsSchema.safeParse([
          { name: 'Depth', type: 'real', order: 0 },
          { name: 'depth', type: 'real', order: 1 },
        ]),
      ),
    ).toEqual([FIELD_MSG.nameDuplicate]);
    for (const name of ['ogc_fid', 'Geometry', 'attributes', 'created_by_email', 'SYSTEM'])
      expect(messages(layerFieldsSchema.safeParse([{ name, type: 'text', order: 0 }]))).toEqual([
        FIELD_MSG.nameReserved,
      ]);
    for (const name of ['', '1st', 'two words', 'a-b', 'x'.repeat(64)])
      expect(messages(layerFieldsSchema.safeParse([{ name, type: 'text', order: 0 }]))).toEqual([
        FIELD_MSG.nameInvalid,
      ]);
    expect(messages(layerFieldsSchema.safeParse([{ name: 'a', type: 'float', order: 0 }]))).toEqual([
      FIELD_MSG.typeInvalid,
    ]);
  });

  it('refuses two renames of one field', () => {
    const r = layerFieldsInputSchema.safeParse([
      { name: 'a', type: 'text', order: 0, previousName: 'old' },
      { name: 'b', type: 'text', order: 1, previousName: 'OLD' },
    ]);
    expect(messages(r)).toEqual([FIELD_MSG.nameDuplicate]);
  });

  it('launders source column names into field names', () => {
    expect(launderFieldName('Pipe Material')).toBe('Pipe_Material');
    expect(launderFieldName('2nd')).toBe('_2nd');
    expect(launderFieldName('')).toBe('_');
  });
});

describe('field values', () => {
  it('keeps numbers numbers and reads text of the right shape', () => {
    expect(coerceFieldValue({ type: 'integer' }, 42)).toBe(42);
    expect(coerceFieldValue({ type: 'integer' }, ' -7 ')).toBe(-7);
    expect(coerceFieldValue({ type: 'integer' }, 4.5)).toBeUndefined();
    expect(coerceFieldValue({ type: 'integer' }, '9007199254740993')).toBeUndefined();
    expect(coerceFieldValue({ type: 'real' }, '1.5e3')).toBe(1500);
    expect(coerceFieldValue({ type: 'real' }, 'abc')).toBeUndefined();
    expect(coerceFieldValue({ type: 'boolean' }, 'TRUE')).toBe(true);
    expect(coerceFieldValue({ type: 'boolean' }, 0)).toBe(false);
    expect(coerceFieldValue({ type: 'boolean' }, 'yes')).toBeUndefined();
    expect(coerceFieldValue({ type: 'text' }, 12)).toBe('12');
    expect(coerceFieldValue({ type: 'text' }, '')).toBe('');
    expect(coerceFieldValue({ type: 'real' }, '')).toBeNull();
    expect(coerceFieldValue({ type: 'date' }, null)).toBeNull();
  });

  it('normalizes dates and datetimes and refuses impossible ones', () => {
    expect(coerceFieldValue({ type: 'date' }, '2024-02-29')).toBe('2024-02-29');
    expect(coerceFieldValue({ type: 'date' }, '2024/03/01')).toBe('2024-03-01');
    expect(coerceFieldValue({ type: 'date' }, '2023-02-29')).toBeUndefined();
    expect(coerceFieldValue({ type: 'date' }, '03/01/2024')).toBeUndefined();
    expect(coerceFieldValue({ type: 'datetime' }, '2024-03-01 10:20')).toBe('2024-03-01T10:20:00');
    expect(coerceFieldValue({ type: 'datetime' }, '2024-03-01T10:20:30.5Z')).toBe('2024-03-01T10:20:30.5Z');
    expect(coerceFieldValue({ type: 'datetime' }, '2024-03-01T25:00:00')).toBeUndefined();
    expect(coerceFieldValue({ type: 'datetime' }, new Date('2024-03-01T10:20:30Z'))).toBe('2024-03-01T10:20:30.000Z');
  });

  it('checks a value object against the layer fields', () => {
    const schema = fieldValuesSchemaFor([
      { name: 'depth', type: 'real' },
      { name: 'count', type: 'integer' },
    ]);
    expect(schema.parse({ depth: '2.5', count: 3 })).toEqual({ depth: 2.5, count: 3 });
    expect(messages(schema.safeParse({ colour: 'red' }))).toEqual([FIELD_MSG.unknownField]);
    expect(messages(schema.safeParse({ count: 'three' }))).toEqual([FIELD_MSG.badValue]);
    expect(messages(fieldValueSchemaFor({ name: 'd', type: 'date' }).safeParse('soon'))).toEqual([FIELD_MSG.badValue]);
  });
});
