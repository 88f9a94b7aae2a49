import { describe, expect, it } from 'vitest';
import { hasProviderSearch, placesFromBing, placesFromGoogle } from './provider-search';

describe('provider place search', () => {
  it('reads Bing Maps locations with their bounding boxes', () => {
    const json = {
      resourceSets: [
        {
          resources: [
            { name: 'Wichita, KS', point: { coordinates: [37.69, -97.34] }, bbox: [37.5, -97.6, 37.8, -97.1] },
            { name: 'Broken', point: { coordinates: ['x', 1] } },
          ],
        },
      ],
    };
    expect(placesFromBing(json)).toEqual([
      { name: 'Wichita, KS', kind: 'place', center: [-97.34, 37.69], extent: [-97.6, 37.5, -97.1, 37.8] },
    ]);
    expect(placesFromBing({})).toEqual([]);
  });

  it('reads Google geocoding results with their viewports', () => {
    const json = {
      results: [
        {
          formatted_address: 'Denver, CO, USA',
          geometry: {
            location: { lat: 39.74, lng: -104.99 },
            viewport: { northeast: { lat: 39.9, lng: -104.6 }, southwest: { lat: 39.6, lng: -105.1 } },
          },
        },
      ],
    };
    expect(placesFromGoogle(json)).toEqual([
      { name: 'Denver, CO, USA', kind: 'place', center: [-104.99, 39.74], extent: [-105.1, 39.6, -104.6, 39.9] },
    ]);
    expect(placesFromGoogle({ results: [{ formatted_address: 'Nowhere' }] })).toEqual([]);
  });

  it('uses a provider search only when its key is configured', () => {
    expect(hasProviderSearch('MAP_BING', { bingMapsKey: 'k' })).toBe(true);
    expect(hasProviderSearch('MAP_BING', { googleMapsKey: 'k' })).toBe(false);
    expect(hasProviderSearch('MAP_OSM', { bingMapsKey: 'k', googleMapsKey: 'k' })).toBe(false);
  });
});
