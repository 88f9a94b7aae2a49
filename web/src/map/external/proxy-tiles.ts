import type ImageTile from 'ol/ImageTile';
import TileState from 'ol/TileState';
import type Tile from 'ol/Tile';
import { useSession } from '../../api/session';

/** The server route that fetches an external service's images with its stored credentials. */
export const storeProxyPath = (projectId: string, storeId: string) =>
  `/rest/projects/${projectId}/store/${storeId}/proxy`;

/** Fetches with the session's token and organization (the proxy is a member route). */
export function authorizedFetch(src: string): Promise<Response> {
  const { session, orgId } = useSession.getState();
  const url = new URL(src, window.location.origin);
  if (orgId) url.searchParams.set('orgId', orgId);
  return fetch(url, { headers: session ? { Authorization: `Bearer ${session.idToken}` } : {} });
}

/** Tile loader for proxied WMS/WMTS tiles: an image element cannot send the bearer token itself. */
export function proxiedTileLoad(tile: Tile, src: string) {
  const image = (tile as ImageTile).getImage() as HTMLImageElement;
  authorizedFetch(src)
    .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`tile ${res.status}`))))
    .then((blob) => {
      const objectUrl = URL.createObjectURL(blob);
      image.addEventListener('load', () => URL.revokeObjectURL(objectUrl), { once: true });
      image.addEventListener('error', () => URL.revokeObjectURL(objectUrl), { once: true });
      image.src = objectUrl;
    })
    .catch((err: unknown) => {
      // Tile errors are only logged (spec 3 §8).
      console.info('external tile failed', err);
      tile.setState(TileState.ERROR);
    });
}
