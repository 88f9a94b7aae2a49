import type { FeatureLike } from 'ol/Feature';
import MVT from 'ol/format/MVT';
import type BaseLayer from 'ol/layer/Base';
import LayerGroup from 'ol/layer/Group';
import TileLayer from 'ol/layer/Tile';
import VectorTileLayer from 'ol/layer/VectorTile';
import type RenderFeature from 'ol/render/Feature';
import VectorTileSource from 'ol/source/VectorTile';
import { createXYZ } from 'ol/tilegrid';
import TileState from 'ol/TileState';
import type Tile from 'ol/Tile';
import type VectorTile from 'ol/VectorTile';
import { fromLonLat, type Projection } from 'ol/proj';
import { projectsApi, type Layer, type LayerExtent } from '../../api/projects';
import { useSession } from '../../api/session';
import { Circle, Style } from 'ol/style';
import { canvasStyle, NO_SYSTEM_COLOURS, type SystemColours } from './layer-style';

/**
 * A large layer (past the WFS limit, drawn by the server) is shown from Mapbox Vector Tiles where they
 * beat the server's PNG tiles, and from PNG tiles where they do not. bench/mvt-bench.ts (docs/
 * performance.md): an MVT tile costs 1.3-1.9× the PNG of the same tile, but one 512 px vector tile
 * covers what four 256 px PNGs of the next zoom cover, and a map area came 1.7-3.8× quicker from it
 * while its tile held up to a few hundred points (280: 0.58× the four PNGs); at 1,800 points it was 1.3×
 * slower, at 18,000 2.3× (seconds for a country tile of 400,000, where the PNG, cut from the server's
 * point snapshot, takes tens of milliseconds). So the vector tiles take over at the zoom where the
 * layer's tiles hold about MVT_TILE_BUDGET features, judged from its count and extent.
 */
export const MVT_TILE_BUDGET = 1000;
/**
 * Never below this zoom (tiles of zoom 9, a county): the count over the extent assumes the features
 * spread evenly, which holds less the larger the tile (a layer of a few towns is dense in each).
 */
export const MVT_LOWEST_ZOOM = 10;
/** Vector tiles of 512 px (one request for four 256 px PNGs); from this zoom on they are overzoomed. */
const MVT_TILE_SIZE = 512;
const MVT_MAX_ZOOM = 16;
/** EPSG:3857 width of the world. */
const WORLD = 2 * 20037508.342789244;
const RETRY_MS = 500;

/** The vector-tile URL template of a layer (`{z}/{x}/{y}.mvt`, the server's EPSG:3857 grid). */
export const mvtUrl = (l: Pick<Layer, 'projectId' | 'folderId' | 'id'>) =>
  `/rest/projects/${l.projectId}/folders/${l.folderId}/layers/${l.id}/tiles/{z}/{x}/{y}.mvt`;

/** Loads a tile with the session's token; 204 is a tile without features; one retry, then an error tile. */
function authorizedLoad(tile: Tile, src: string) {
  const vt = tile as VectorTile<RenderFeature>;
  const format = new MVT();
  vt.setLoader((extent: number[], _resolution: number, projection: Projection) => {
    const { session, orgId } = useSession.getState();
    const url = new URL(src, window.location.origin);
    if (orgId) url.searchParams.set('orgId', orgId);
    const attempt = (retry: boolean) =>
      fetch(url, { headers: session ? { Authorization: `Bearer ${session.idToken}` } : {} })
        .then((res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(`vector tile ${res.status}`))))
        .then((data) => vt.setFeatures(format.readFeatures(data, { extent, featureProjection: projection })))
        .catch((err: unknown) => {
          if (retry) return void setTimeout(() => void attempt(false), RETRY_MS);
          // Tile errors are only logged (spec 3 §8).
          console.info('vector tile failed', err);
          vt.setState(TileState.ERROR);
        });
    void attempt(true);
  });
}

function vectorTiles(layer: Layer): VectorTileLayer {
  return new VectorTileLayer({
    source: new VectorTileSource({
      format: new MVT(),
      url: mvtUrl(layer),
      tileGrid: createXYZ({ tileSize: MVT_TILE_SIZE, maxZoom: MVT_MAX_ZOOM }),
      tileLoadFunction: authorizedLoad,
      transition: 0,
    }),
    style: vectorTileStyle(NO_SYSTEM_COLOURS),
    zIndex: layer.zIndex,
    properties: { fieldbookLayerId: layer.id, fieldbookMethod: 'MVT', fieldbookServerName: layer.serverName },
  });
}

/**
 * The map zoom above which a layer of `count` features over `extent` (lon/lat) is drawn from vector
 * tiles: the tile zoom at which a 512 px tile holds MVT_TILE_BUDGET features on average, plus one (the
 * map at zoom z shows 512 px tiles of zoom z-1); null when even zoom-16 tiles would hold more.
 */
export function mvtMinZoom(count: number, extent: LayerExtent): number | null {
  const [minx, miny] = fromLonLat([extent.minx, extent.miny]);
  const [maxx, maxy] = fromLonLat([extent.maxx, extent.maxy]);
  // All features on a spot would give no area: at least one tile of the deepest zoom.
  const side = WORLD / 2 ** MVT_MAX_ZOOM;
  const area = Math.max(maxx - minx, side) * Math.max(maxy - miny, side);
  const tileZoom = Math.ceil(Math.log((count * WORLD * WORLD) / (area * MVT_TILE_BUDGET)) / Math.log(4));
  const zoom = Math.max(MVT_LOWEST_ZOOM, tileZoom + 1);
  return zoom > MVT_MAX_ZOOM + 1 ? null : zoom;
}

/**
 * The large layer: PNG tiles up to the zoom its vector tiles take over from (mvtMinZoom), then
 * vector tiles, as one group; PNG tiles alone when its extent cannot be read or it is too dense. The
 * PNG tiles draw the dictionary's symbols, the vector tiles the client style of small layers.
 */
export async function largeLayer(layer: Layer, pngTiles: TileLayer): Promise<BaseLayer> {
  const extent = await projectsApi.layerExtents([layer.id]).then(
    (extents) => extents[layer.id],
    () => null,
  );
  const zoom = extent?.count ? mvtMinZoom(extent.count, extent) : null;
  if (zoom === null) return pngTiles;
  pngTiles.setMaxZoom(zoom);
  const vector = vectorTiles(layer);
  vector.setMinZoom(zoom);
  return new LayerGroup({ layers: [pngTiles, vector], zIndex: layer.zIndex });
}

/** The vector tiles of a large layer's group (to recolour them), if it is one. */
export function vectorTilesOf(layer: BaseLayer): VectorTileLayer | undefined {
  if (!(layer instanceof LayerGroup)) return undefined;
  return layer
    .getLayers()
    .getArray()
    .find((l): l is VectorTileLayer => l instanceof VectorTileLayer);
}

/**
 * The client style of large layers (compact points in system colours, canvasStyle). Its point
 * symbols get declutterMode 'none': OpenLayers' vector-tile renderer (10.11) hands hit detection an
 * empty list of decluttered features, which leaves out every symbol of another declutter mode, so a
 * click found no point.
 */
function vectorTileStyle(colours: SystemColours) {
  const base = canvasStyle(colours, true);
  const made = new Map<Style[], Style[]>();
  return (feature: FeatureLike): Style[] => {
    const styles = base(feature);
    let out = made.get(styles);
    if (!out) {
      out = styles.map((style) => {
        const image = style.getImage();
        return image instanceof Circle
          ? new Style({
              image: new Circle({
                radius: image.getRadius(),
                fill: image.getFill() ?? undefined,
                stroke: image.getStroke() ?? undefined,
                declutterMode: 'none',
              }),
            })
          : style;
      });
      made.set(styles, out);
    }
    return out;
  };
}

/** Draws the vector tiles in the layer's system colours (compact points, as large WFS layers). */
export const colourVectorTiles = (layer: VectorTileLayer, colours: SystemColours) =>
  layer.setStyle(vectorTileStyle(colours));

/** Layers whose features all have the layer's server name as their kind (drawing, form and one-call layers). */
const KIND_LAYERS = ['point', 'line', 'polygon', 'htmlform_feature', 'onecall_tickets'];

/**
 * The app's id of a feature read from a vector tile ("point.42", as WFS gives it): the tile carries
 * the number; the kind is the layer's server name where that is a kind, else follows from the geometry
 * (an imported layer holds one kind, the one its geometry type names).
 */
export function mvtFeatureId(feature: FeatureLike, serverName: unknown): string {
  const kind = KIND_LAYERS.includes(String(serverName))
    ? String(serverName)
    : /Polygon/.test(feature.getGeometry()?.getType() ?? '')
      ? 'polygon'
      : /LineString/.test(feature.getGeometry()?.getType() ?? '')
        ? 'line'
        : 'point';
  return `${kind}.${String(feature.getId())}`;
}
