import { describe, expect, it } from 'vitest';
import { directionsUrl, streetViewUrl } from './google-embed';

describe('Google Maps Embed URLs (spec 3 §2, §9)', () => {
  it('asks for street view at the vertex within 50 m', () => {
    const url = new URL(streetViewUrl('k&ey', [-104.99, 39.74]));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/embed/v1/streetview');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'k&ey',
      location: '39.740000,-104.990000',
      radius: '50',
    });
  });

  it('asks for directions from the origin to the feature, lat before lng', () => {
    const url = new URL(directionsUrl('key', [-105, 40.123456789], [-104.99, 39.74, 1600]));
    expect(url.pathname).toBe('/maps/embed/v1/directions');
    expect(url.searchParams.get('origin')).toBe('40.123457,-105.000000');
    expect(url.searchParams.get('destination')).toBe('39.740000,-104.990000');
  });
});
