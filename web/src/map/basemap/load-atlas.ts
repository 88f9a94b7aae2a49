import type { Atlas } from './atlas';

let loading: Promise<Atlas> | undefined;

/** The atlas chunk, loaded once on first use (basemap and place search share it). */
export function loadAtlas(): Promise<Atlas> {
  // A failed chunk load (server restarting) is tried again on the next use.
  loading ??= import('./atlas')
    .then((m) => m.getAtlas())
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}
