import type BaseLayer from 'ol/layer/Base';
import LayerGroup from 'ol/layer/Group';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import VectorSource from 'ol/source/Vector';
import type { Layer } from '../../api/projects';
import { MAP_DEFAULTS } from '../ol/map-defaults';
import { usesTiles } from './layer-kind';
import { canvasStyle, featureColour, NO_SYSTEM_COLOURS, webglPointStyle, type SystemColours } from './layer-style';
import { colourVectorTiles, largeLayer, vectorTilesOf } from './mvt-layer';
import { PointsLayer } from './points-layer';
import { PointSource } from './point-source';
import { loadFeatures } from './wfs-data';
import { allFeatures, type LayerData } from './wfs-features';
import { wmsTileSource } from './wms-source';

/** Point layers larger than this draw with WebGL when the browser has a fast one (50,000 points in well under 2 s). */
const WEBGL_MIN_POINTS = 2000;

let webgl: boolean | undefined;
/**
 * WebGL backed by a GPU. A software implementation (SwiftShader, llvmpipe: headless browsers, some
 * virtual machines) draws points slower than the 2D canvas, so those get the canvas renderer.
 */
function hasFastWebGL(): boolean {
  if (webgl === undefined) {
    try {
      const gl = document.createElement('canvas').getContext('webgl2', { failIfMajorPerformanceCaveat: true });
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      const renderer = info && gl ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
      webgl = !!gl && !/swiftshader|llvmpipe|softpipe|software/i.test(renderer);
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      webgl = false;
    }
  }
  return webgl;
}

function tileLayer(layer: Layer): TileLayer {
  return new TileLayer({
    source: wmsTileSource(layer),
    zIndex: layer.zIndex,
    // A raster layer's tiles have no features under them, so feature selection leaves them out.
    properties: { fieldbookLayerId: layer.id, fieldbookMethod: layer.type === 'RASTER' ? 'RASTER' : 'WMS-TILE' },
  });
}

function vectorLayer(layer: Layer, data: LayerData): BaseLayer {
  const properties = { fieldbookLayerId: layer.id, fieldbookMethod: 'WFS' };
  const allPoints = data.others.length === 0 && data.points.ids.length >= WEBGL_MIN_POINTS;
  // Without a fast GPU, large point layers are stamped into a pixel buffer from the packed points (OL's
  // canvas renderer takes over a second for 50,000, and making their features half a second more).
  if (allPoints && !hasFastWebGL())
    return new PointsLayer({ source: new PointSource(data.points), zIndex: layer.zIndex, properties });
  const features = allFeatures(data);
  const source = new VectorSource({ features });
  if (allPoints) return new WebGLVectorLayer({ source, style: webglPointStyle([]), zIndex: layer.zIndex, properties });
  return new VectorLayer({
    source,
    style: canvasStyle(NO_SYSTEM_COLOURS, features.length >= WEBGL_MIN_POINTS),
    zIndex: layer.zIndex,
    properties,
  });
}

/**
 * The OpenLayers layer of a project layer, with its data loaded: WFS vectors, or server tiles when
 * the layer prefers WMS or has more than 50,000 features (spec 3 §4) — PNG tiles, and for a large
 * layer vector tiles at the zooms where they are quicker for its density (mvt-layer.ts). A layer that prefers WMS or
 * has its own SLD/CSS style keeps PNG tiles at every zoom: only the server's renderer draws those
 * styles (and dictionary symbols); the vector tiles are drawn in the client style. Every OL layer carries
 * `fieldbookLayerId` so the features area can tell which layer a clicked feature belongs to. Vectors
 * come in the default colours; applyColours gives them the dictionary's (before or after they are shown).
 */
export async function buildLayer(layer: Layer, signal: AbortSignal): Promise<BaseLayer> {
  if (usesTiles(layer)) return tileLayer(layer);
  const data = await loadFeatures(layer, MAP_DEFAULTS.wfsFeatureLimit, signal);
  return data === 'tooMany' ? largeLayer(layer, tileLayer(layer)) : vectorLayer(layer, data);
}

/** Draws a layer's features in the dictionary's system colours (PNG tiles have them already). */
export function applyColours(olLayer: BaseLayer, colours: SystemColours) {
  const vectorTiles = vectorTilesOf(olLayer);
  if (vectorTiles) {
    colourVectorTiles(vectorTiles, colours);
  } else if (olLayer instanceof PointsLayer) {
    olLayer.setColours(colours);
  } else if (olLayer instanceof WebGLVectorLayer) {
    // Each feature gets the index of its colour so the WebGL style is a plain lookup.
    const palette: string[] = [];
    for (const f of (olLayer.getSource() as VectorSource).getFeatures()) {
      const colour = featureColour(f, colours);
      let index = palette.indexOf(colour);
      if (index < 0) index = palette.push(colour) - 1;
      f.set('fbColour', index, true);
    }
    olLayer.setStyle(webglPointStyle(palette));
  } else if (olLayer instanceof VectorLayer) {
    const source = olLayer.getSource() as VectorSource | null;
    olLayer.setStyle(canvasStyle(colours, (source?.getFeatures().length ?? 0) >= WEBGL_MIN_POINTS));
  }
}

/** Removes an OL layer from use; WebGL layers must be disposed to free their context. */
export function disposeLayer(layer: BaseLayer) {
  // A group leaves its layers undisposed.
  if (layer instanceof LayerGroup) for (const child of layer.getLayers().getArray()) child.dispose();
  layer.dispose();
}
