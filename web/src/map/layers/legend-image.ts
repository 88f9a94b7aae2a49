import { useEffect, useState } from 'react';
import { layerServicePath, type Layer } from '../../api/projects';
import { useSession } from '../../api/session';

/** A layer drawn from its own SLD/CSS style: its look is the server's, so is its legend. */
export const hasOwnStyle = (layer: Layer) => (layer.styles?.length ?? 0) > 0;

interface LegendRequest {
  /** Swatch size in pixels (GetLegendGraphic WIDTH and HEIGHT). */
  swatch?: number;
  transparent?: boolean;
}

/**
 * The server's GetLegendGraphic of a layer as an object URL (null until it arrives or when it fails),
 * read with the session's token: the image cannot be a plain <img src>.
 */
export function useLegendImage(layer: Layer, { swatch = 20, transparent = false }: LegendRequest = {}): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const { session, orgId } = useSession.getState();
    const url = new URL(layerServicePath(layer, 'wms'), window.location.origin);
    for (const [k, v] of Object.entries({
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetLegendGraphic',
      FORMAT: 'image/png',
      LAYER: layer.id,
      WIDTH: String(swatch),
      HEIGHT: String(swatch),
      TRANSPARENT: String(transparent),
      ...(orgId ? { orgId } : {}),
    }))
      url.searchParams.set(k, v);
    let made: string | null = null;
    const abort = new AbortController();
    fetch(url, { headers: session ? { Authorization: `Bearer ${session.idToken}` } : {}, signal: abort.signal })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`legend ${res.status}`))))
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      // A legend that cannot be drawn leaves the layer's plain symbol (legend errors are only logged).
      .catch((err: unknown) => {
        if (!abort.signal.aborted) console.info('legend failed', err);
      });
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [layer, swatch, transparent]);
  return src;
}
