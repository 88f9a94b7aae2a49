import { describe, expect, it } from 'vitest';
import { formatLongDateTime, formatShortDate } from './dates';

describe('date formats of spec 1 §9', () => {
  it("formats 'MMMM Do, YYYY, hh:mm A' in English", () => {
    expect(formatLongDateTime('2024-03-03T21:05:00Z', 'en', 'UTC')).toBe('March 3rd, 2024, 09:05 PM');
    expect(formatLongDateTime('2024-11-11T00:30:00Z', 'en-US', 'UTC')).toBe('November 11th, 2024, 12:30 AM');
    expect(formatLongDateTime('2024-01-22T12:00:00Z', 'en', 'UTC')).toBe('January 22nd, 2024, 12:00 PM');
    expect(formatLongDateTime('2024-01-01T09:59:00Z', 'en', 'UTC')).toBe('January 1st, 2024, 09:59 AM');
  });

  it("formats 'MMM Do, YYYY' in English", () => {
    expect(formatShortDate('2024-03-13T10:00:00Z', 'en', 'UTC')).toBe('Mar 13th, 2024');
    expect(formatShortDate('2024-08-02T10:00:00Z', 'en', 'UTC')).toBe('Aug 2nd, 2024');
  });

  it('uses the language of other locales and ignores invalid dates', () => {
    expect(formatLongDateTime('2024-03-03T21:05:00Z', 'es', 'UTC')).toContain('marzo');
    expect(formatShortDate('2024-03-03T21:05:00Z', 'zh', 'UTC')).toContain('2024');
    expect(formatLongDateTime('nope', 'en')).toBe('');
  });
});
