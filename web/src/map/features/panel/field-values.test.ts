import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { breakablePieces, changedValues, draftOf, formatFieldValue, valueOfDraft } from './field-values';

const text = { name: 'note', type: 'text' } as const;
const integer = { name: 'count', type: 'integer' } as const;
const real = { name: 'depth', type: 'real' } as const;
const boolean = { name: 'active', type: 'boolean' } as const;
const date = { name: 'surveyed', type: 'date' } as const;
const datetime = { name: 'seen_at', type: 'datetime' } as const;

describe('feature field values', () => {
  it('become input drafts and back as typed values, by the domain rule', () => {
    expect(draftOf(real, 1.25)).toBe('1.25');
    expect(valueOfDraft(real, '1.25')).toBe(1.25);
    expect(valueOfDraft(real, '1,25')).toBe(1.25);
    expect(valueOfDraft(real, 'deep')).toBeUndefined();
    expect(valueOfDraft(integer, '12')).toBe(12);
    expect(valueOfDraft(integer, '1.5')).toBeUndefined();
    expect(valueOfDraft(integer, '  ')).toBeNull();
    expect(valueOfDraft(text, '')).toBe('');
    expect(draftOf(boolean, null)).toBeNull();
    expect(draftOf(boolean, false)).toBe(false);
    expect(valueOfDraft(boolean, true)).toBe(true);
    expect(valueOfDraft(date, '2024-05-01')).toBe('2024-05-01');
    expect(valueOfDraft(date, '2024-02-30')).toBeUndefined();
  });

  it('edit an instant in the local zone and send it as UTC; a wall time without zone stays', () => {
    const instant = '2024-05-01T14:30:00Z';
    const draft = draftOf(datetime, instant) as string;
    expect(new Date(draft).toISOString()).toBe('2024-05-01T14:30:00.000Z');
    expect(valueOfDraft(datetime, draft)).toBe(instant);
    expect(draftOf(datetime, '2024-05-01T08:30:00')).toBe('2024-05-01T08:30:00');
    expect(valueOfDraft(datetime, '2024-05-01T08:30')).toBe(
      new Date('2024-05-01T08:30').toISOString().replace('.000Z', 'Z'),
    );
    expect(valueOfDraft(datetime, '2024-13-01T08:30')).toBeUndefined();
  });

  it('send only the changed fields, and name those that do not fit', () => {
    const fields = [text, real, boolean, integer];
    const initial = { note: 'Valve', depth: '1.5', active: null, count: '' };
    expect(changedValues(fields, initial, initial)).toEqual({ values: {}, invalid: [] });
    expect(changedValues(fields, initial, { note: 'Valve 7', depth: '', active: false, count: 'three' })).toEqual({
      values: { note: 'Valve 7', depth: null, active: false },
      invalid: ['count'],
    });
  });

  it('read in the user locale: numbers as numbers, dates as the day they name', () => {
    const en = createIntl({
      locale: 'en',
      messages: { 'app.feature.attribute.true': 'Yes', 'app.feature.attribute.false': 'No' },
    });
    const es = createIntl({ locale: 'es', messages: {} });
    expect(formatFieldValue(en, real, 12345.678)).toBe('12,345.678');
    expect(formatFieldValue(es, real, 12345.678)).toBe('12.345,678');
    expect(formatFieldValue(en, integer, null)).toBe('—');
    expect(formatFieldValue(en, boolean, false)).toBe('No');
    expect(formatFieldValue(en, date, '2024-05-01')).toBe('May 1, 2024');
    expect(formatFieldValue(en, datetime, '2024-05-01T08:30:00')).toContain('8:30:00');
    expect(formatFieldValue(en, text, 'a@b.c')).toBe('a@b.c');
  });

  it('let long values break at their separators', () => {
    expect(breakablePieces('maria.lopez@city-works.example.org')).toEqual([
      'maria.',
      'lopez@',
      'city-',
      'works.',
      'example.',
      'org',
    ]);
    expect(breakablePieces('plain words stay').join('')).toBe('plain words stay');
  });
});
