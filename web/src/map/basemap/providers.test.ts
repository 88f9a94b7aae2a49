import { describe, expect, it } from 'vitest';
import OSM from 'ol/source/OSM';
import { availableProviders, effectiveProvider, providerSource, shownType } from './providers';

describe('map providers (spec 3 §2)', () => {
  it('offers Bing and Google only when the operator configured their keys', () => {
    expect(availableProviders({})).toEqual(['MAP_OSM', 'MAP_OFFLINE']);
    expect(availableProviders({ bingMapsKey: 'b' })).toEqual(['MAP_OSM', 'MAP_BING', 'MAP_OFFLINE']);
    expect(availableProviders({ bingMapsKey: 'b', googleMapsKey: 'g' })).toEqual([
      'MAP_OSM',
      'MAP_BING',
      'MAP_GOOGLE',
      'MAP_OFFLINE',
    ]);
  });

  it('falls back to OSM when a chosen provider lost its key', () => {
    expect(effectiveProvider('MAP_GOOGLE', {})).toBe('MAP_OSM');
    expect(effectiveProvider('MAP_BING', { bingMapsKey: 'b' })).toBe('MAP_BING');
  });

  it('shows what each provider has for the chosen map type', () => {
    expect(shownType('MAP_OSM', 'hybrid')).toBe('roadmap');
    expect(shownType('MAP_BING', 'terrain')).toBe('roadmap');
    expect(shownType('MAP_GOOGLE', 'satellite')).toBe('satellite');
    expect(shownType('MAP_OFFLINE', 'hybrid')).toBeNull();
    expect(providerSource('MAP_OSM', 'hybrid', {})).toBeInstanceOf(OSM);
    expect(providerSource('MAP_OFFLINE', 'roadmap', {})).toBeNull();
  });
});
