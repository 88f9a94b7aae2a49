import { describe, expect, it } from 'vitest';
import { formatLatLng, parseLatLng } from './coordinates';

describe('coordinate search input', () => {
  it.each([
    ['38.67, -97.91', { lat: 38.67, lng: -97.91 }],
    ['  -33.8688,151.2093 ', { lat: -33.8688, lng: 151.2093 }],
    ['51.5 -0.12', { lat: 51.5, lng: -0.12 }],
    ['+90, 180', { lat: 90, lng: 180 }],
    ['.5, -.25', { lat: 0.5, lng: -0.25 }],
  ])('reads %s', (text, expected) => {
    expect(parseLatLng(text)).toEqual(expected);
  });

  it.each(['', 'Kansas', '91, 10', '10, 180.5', '-90.01, 0', '1,2,3', '12', '1e3, 2'])('refuses %s', (text) => {
    expect(parseLatLng(text)).toBeNull();
  });

  it('formats a position with 6 decimals', () => {
    expect(formatLatLng({ lat: 38.67, lng: -97.91 })).toBe('38.670000, -97.910000');
    expect(formatLatLng({ lat: -0.1234567, lng: 12.9999999 })).toBe('-0.123457, 13.000000');
  });
});
