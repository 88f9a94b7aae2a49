import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, type Preferences } from '@fieldbook/domain';
import { initialView, mapPrefsPatch, readMapPrefs, readProvider } from './map-prefs';

const base: Preferences = { ...DEFAULT_PREFERENCES };

describe('map preferences', () => {
  it('defaults to hybrid, no theme, OSM', () => {
    expect(readMapPrefs(base, 'p1')).toEqual({ type: 'hybrid', theme: 'none', center: undefined, zoom: undefined });
    expect(readProvider(base)).toBe('MAP_OSM');
  });

  it('stores view, type and theme per project without touching other project preferences', () => {
    const prefs: Preferences = {
      ...base,
      projectPrefs: [
        { id: 'p1', selectedLayers: ['l1'] },
        { id: 'p2', mapPrefs: { type: 'roadmap' } },
      ],
    };
    const patched = {
      ...prefs,
      ...mapPrefsPatch(prefs, 'p1', { center: { lat: 40, lng: -100 }, zoom: 9, theme: 'dark' }),
    };
    expect(patched.projectPrefs?.[0]).toEqual({
      id: 'p1',
      selectedLayers: ['l1'],
      mapPrefs: { type: 'hybrid', theme: 'dark', center: { lat: 40, lng: -100 }, zoom: 9 },
    });
    expect(patched.projectPrefs?.[1]).toBe(prefs.projectPrefs?.[1]);
    expect(readMapPrefs(patched, 'p2').type).toBe('roadmap');
  });

  it('adds an entry for a project that has none', () => {
    const patched = { ...base, ...mapPrefsPatch(base, 'p9', { type: 'satellite' }) };
    expect(patched.projectPrefs).toEqual([{ id: 'p9', mapPrefs: { type: 'satellite', theme: 'none' } }]);
  });

  it('keeps the view in the top-level preferences when there is no project', () => {
    const patched = { ...base, ...mapPrefsPatch(base, null, { center: { lat: 1, lng: 2 }, zoom: 7, type: 'terrain' }) };
    expect(readMapPrefs(patched, null)).toEqual({
      type: 'terrain',
      theme: 'none',
      center: { lat: 1, lng: 2 },
      zoom: 7,
    });
  });

  it('restores the saved view, else the project extent, else the spec default', () => {
    const project = { coordinate: '{"lat":45.5,"lng":-122.6}', zoomLevel: 11 };
    expect(initialView({ type: 'hybrid', theme: 'none', center: { lat: 1, lng: 2 }, zoom: 8 }, project)).toEqual({
      center: { lat: 1, lng: 2 },
      zoom: 8,
    });
    expect(initialView({ type: 'hybrid', theme: 'none' }, project)).toEqual({
      center: { lat: 45.5, lng: -122.6 },
      zoom: 11,
    });
    expect(initialView({ type: 'hybrid', theme: 'none' }, { coordinate: 'not json', zoomLevel: null })).toEqual({
      center: { lat: 38.67, lng: -97.91 },
      zoom: 5,
    });
  });

  it('ignores stored values that are not valid', () => {
    // What an old or hand-edited local copy may hold: the schema would refuse it, the reader must survive it.
    const prefs = {
      ...base,
      projectPrefs: [{ id: 'p1', mapPrefs: { type: 'moon', theme: 3, center: { lat: 100, lng: 0 }, zoom: 'x' } }],
    } as unknown as Preferences;
    expect(readMapPrefs(prefs, 'p1')).toEqual({ type: 'hybrid', theme: 'none', center: undefined, zoom: undefined });
  });
});
