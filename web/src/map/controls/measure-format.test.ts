import { describe, expect, it } from 'vitest';
import { formatArea, formatLength } from './measure-format';

describe('measurement formatting (spec 3 §9 factors, 3 decimals)', () => {
  it('formats lengths in metres and kilometres', () => {
    expect(formatLength(12.3456, true)).toBe('12.346 m');
    expect(formatLength(999.9994, true)).toBe('999.999 m');
    expect(formatLength(1234.6, true)).toBe('1.235 km');
  });

  it('formats lengths in feet and miles', () => {
    expect(formatLength(1, false)).toBe('3.281 ft');
    expect(formatLength(100, false)).toBe('328.084 ft');
    // 1609.344 m is one statute mile: 5280 ft at 3.2808399 ft/m.
    expect(formatLength(1609.344, false)).toBe('1.000 mi');
  });

  it('formats areas in square metres, square kilometres, square feet and square miles', () => {
    expect(formatArea(250, true)).toBe('250.000 m²');
    expect(formatArea(2_500_000, true)).toBe('2.500 km²');
    expect(formatArea(100, false)).toBe('1076.400 ft²');
    expect(formatArea(2_589_988, false)).toBe('1.000 mi²');
  });
});
