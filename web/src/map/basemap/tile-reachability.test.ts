import { beforeEach, describe, expect, it } from 'vitest';
import { UNREACHABLE_FOR_MS, forgetUnreachable, recentlyUnreachable, rememberUnreachable } from './tile-reachability';

describe('unreachable tile providers', () => {
  beforeEach(() => forgetUnreachable());

  it('are remembered per provider for a while, then tried again', () => {
    rememberUnreachable('MAP_OSM', 1_000);
    expect(recentlyUnreachable('MAP_OSM', 1_000 + UNREACHABLE_FOR_MS - 1)).toBe(true);
    expect(recentlyUnreachable('MAP_BING', 1_000)).toBe(false);
    expect(recentlyUnreachable('MAP_OSM', 1_000 + UNREACHABLE_FOR_MS)).toBe(false);
  });

  it('are forgotten when the browser comes online again', () => {
    rememberUnreachable('MAP_OSM');
    forgetUnreachable();
    expect(recentlyUnreachable('MAP_OSM')).toBe(false);
  });
});
