import type { FeatureLike } from 'ol/Feature';
import type { FrameState } from 'ol/Map';
import type { Coordinate } from 'ol/coordinate';
import { createCanvasContext2D } from 'ol/dom';
import { getWidth } from 'ol/extent';
import type { Point } from 'ol/geom';
import Layer from 'ol/layer/Layer';
import type { Pixel } from 'ol/pixel';
import type { HitMatch } from 'ol/renderer/Map';
import CanvasLayerRenderer from 'ol/renderer/canvas/Layer';
import type { FeatureCallback } from 'ol/renderer/vector';
import type VectorSource from 'ol/source/Vector';
import { apply, multiply } from 'ol/transform';
import { DEFAULT_COLOURS, NO_SYSTEM_COLOURS, pointSymbol, systemColour, type SystemColours } from './layer-style';
import { packedPointsNear, pointsNear, type PointNear } from './point-hit';
import { PointSource } from './point-source';
import { makeStamp, stampPoints, type Stamp } from './point-stamp';

/** The drawn radius of a compact point symbol in pixels: the circle (3.5) and half its outline. */
export const SYMBOL_RADIUS = 3.5 + 0.75 / 2;

interface Options {
  source: VectorSource;
  colours?: SystemColours;
  zIndex?: number;
  properties?: Record<string, unknown>;
}

/**
 * A layer of many points drawn by stamping a pre-rendered symbol per colour into one pixel buffer
 * (the look of canvasStyle's compact points, without a canvas call per point): 50,000 points redraw in
 * a few tens of milliseconds with software rendering, where OL's canvas renderer takes over a second
 * and WebGL on a software GPU longer. The features stay in the VectorSource for lookups by id; clicks
 * find the nearest point within the symbol and the hit tolerance (in a PointSource's packed points, or
 * through an ordinary source's spatial index).
 */
export class PointsLayer extends Layer<VectorSource, PointsRenderer> {
  private colours: SystemColours;
  /** Bumped when the colours change, so the renderer recolours the points. */
  coloursRevision = 0;

  constructor(options: Options) {
    super({ source: options.source, zIndex: options.zIndex, properties: options.properties });
    this.colours = options.colours ?? NO_SYSTEM_COLOURS;
  }

  getColours(): SystemColours {
    return this.colours;
  }

  /** Recolours the points (the dictionary's system colours arrived or changed); no reload. */
  setColours(colours: SystemColours) {
    if (colours === this.colours) return;
    this.colours = colours;
    this.coloursRevision++;
    this.changed();
  }

  override createRenderer(): PointsRenderer {
    return new PointsRenderer(this);
  }
}

/** The points of a source as flat x,y pairs with a colour index each, and the colours by index. */
interface Points {
  count: number;
  coords: Float64Array;
  colour: Uint16Array;
  palette: string[];
  /** Read from the packed points of a PointSource (else from its features). */
  packed: boolean;
}

/** Colour indexes by system (id, else name), with the palette they index. */
function colourIndex(colours: SystemColours) {
  const palette: string[] = [];
  const byColour = new Map<string, number>();
  const bySystem = new Map<unknown, number>();
  return {
    palette,
    of(systemId: unknown, systemName: unknown): number {
      const key = systemId ?? systemName;
      let k = bySystem.get(key);
      if (k === undefined) {
        const c = systemColour(systemId, systemName, colours) ?? DEFAULT_COLOURS.point;
        k = byColour.get(c);
        if (k === undefined) byColour.set(c, (k = palette.push(c) - 1));
        bySystem.set(key, k);
      }
      return k;
    },
  };
}

function readPoints(source: VectorSource | null, colours: SystemColours): Points {
  const index = colourIndex(colours);
  const packed = source instanceof PointSource ? source.packed() : null;
  if (packed) {
    const count = packed.ids.length;
    const byProps = packed.propTable.map((p) => index.of(p?.system_id, p?.system));
    const colour = new Uint16Array(count);
    for (let i = 0; i < count; i++) colour[i] = byProps[packed.propIndex[i]];
    return { count, coords: packed.coords, colour, palette: index.palette, packed: true };
  }
  const features = source?.getFeatures() ?? [];
  const coords = new Float64Array(features.length * 2);
  const colour = new Uint16Array(features.length);
  let count = 0;
  for (const f of features) {
    const geometry = f.getGeometry();
    if (geometry?.getType() !== 'Point') continue;
    const flat = (geometry as Point).getFlatCoordinates();
    coords[2 * count] = flat[0];
    coords[2 * count + 1] = flat[1];
    colour[count++] = index.of(f.get('system_id'), f.get('system'));
  }
  return { count, coords: coords.subarray(0, 2 * count), colour, palette: index.palette, packed: false };
}

/** The stamp of a colour at a pixel ratio, from the same OL symbol the canvas renderer draws. */
function renderStamp(colour: string, pixelRatio: number): Stamp {
  const symbol = pointSymbol(colour, true);
  const image = symbol.getImage(pixelRatio);
  const ctx = createCanvasContext2D(image.width, image.height, undefined, { willReadFrequently: true });
  ctx.drawImage(image, 0, 0);
  const [ax, ay] = symbol.getAnchor();
  return makeStamp(
    ctx.getImageData(0, 0, image.width, image.height).data,
    image.width,
    image.height,
    ax * pixelRatio,
    ay * pixelRatio,
  );
}

export class PointsRenderer extends CanvasLayerRenderer<PointsLayer> {
  private points: Points | null = null;
  private pointsKey = '';
  private stamps: Stamp[] = [];
  private stampsKey = '';
  private buffer: ImageData | null = null;
  private scratch: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null = null;
  private drawnKey = '';

  /** The layer's points, re-read when the source or the colours changed. */
  private currentPoints(): Points {
    const layer = this.getLayer();
    const source = layer.getSource();
    const key = `${source?.getRevision()}|${layer.coloursRevision}`;
    if (!this.points || key !== this.pointsKey) {
      this.points = readPoints(source, layer.getColours());
      this.pointsKey = key;
    }
    return this.points;
  }

  override prepareFrame(): boolean {
    return this.currentPoints().count > 0;
  }

  override renderFrame(frameState: FrameState, target: HTMLElement | null): HTMLElement {
    const points = this.currentPoints();
    this.prepareContainer(frameState, target as HTMLElement);
    const context = this.getCanvasContext();
    const { width, height } = context.canvas;
    const layerState = frameState.layerStatesArray[frameState.layerIndex];
    const { center, resolution, rotation } = frameState.viewState;
    const key = [center, resolution, rotation, width, height, frameState.pixelRatio, this.pointsKey].join('|');
    if (key !== this.drawnKey || !this.scratch) this.draw(frameState, points, width, height);
    this.drawnKey = key;

    this.preRender(context, frameState);
    // When some layer declutters (the basemap's labels), drawing is deferred so that this layer stays
    // above the labels of the layers below it, as OL's own layers do.
    const out = this.getRenderContext(frameState);
    const opacity = layerState.opacity;
    if (opacity !== 1) {
      out.save();
      out.globalAlpha = opacity;
    }
    out.drawImage(this.scratch!.canvas, 0, 0);
    if (opacity !== 1) out.restore();
    this.postRender(context, frameState);
    return this.getContainerElement();
  }

  /** Stamps the points into the pixel buffer and puts it on the scratch canvas. */
  private draw(frameState: FrameState, points: Points, width: number, height: number) {
    const pixelRatio = frameState.pixelRatio;
    const stampsKey = `${pixelRatio}|${points.palette.join()}`;
    if (stampsKey !== this.stampsKey) {
      this.stamps = points.palette.map((c) => renderStamp(c, pixelRatio));
      this.stampsKey = stampsKey;
    }
    if (!this.buffer || this.buffer.width !== width || this.buffer.height !== height) {
      this.buffer = new ImageData(width, height);
      this.scratch = createCanvasContext2D(width, height);
    } else {
      new Uint32Array(this.buffer.data.buffer).fill(0);
    }
    // Map coordinates → CSS pixels → this canvas's pixels.
    const transform = multiply(this.inversePixelTransform.slice(), frameState.coordinateToPixelTransform);
    for (const offset of worldOffsets(frameState))
      stampPoints(this.buffer, points.coords, points.colour, this.stamps, transform, offset);
    this.scratch!.putImageData(this.buffer, 0, 0);
  }

  /** The points within `radius` pixels of a coordinate, nearest first. */
  private near(coordinate: Coordinate, resolution: number, radius: number): PointNear[] {
    const source = this.getLayer().getSource();
    if (!source) return [];
    const points = this.currentPoints();
    if (points.packed && source instanceof PointSource) {
      return packedPointsNear(points.coords, coordinate, resolution, radius).map(({ index, distance }) => {
        const feature = source.featureAt(index);
        return { feature, geometry: feature.getGeometry() as Point, distance };
      });
    }
    return pointsNear(source, coordinate, resolution, radius);
  }

  override forEachFeatureAtCoordinate<T>(
    coordinate: Coordinate,
    frameState: FrameState,
    hitTolerance: number,
    callback: FeatureCallback<T>,
    matches: HitMatch<T>[],
  ): T | undefined {
    const layer = this.getLayer() as unknown as HitMatch<T>['layer'];
    for (const near of this.near(coordinate, frameState.viewState.resolution, SYMBOL_RADIUS + hitTolerance)) {
      // On the symbol: a direct hit; within the tolerance: a match the map ranks by distance.
      if (near.distance <= SYMBOL_RADIUS) {
        const result = callback(near.feature, layer, near.geometry);
        if (result) return result;
      } else {
        matches.push({
          feature: near.feature,
          layer,
          geometry: near.geometry,
          distanceSq: (near.distance - SYMBOL_RADIUS) ** 2,
          callback,
        });
      }
    }
    return undefined;
  }

  override getFeatures(pixel: Pixel): Promise<FeatureLike[]> {
    const frameState = this.frameState;
    if (!frameState) return Promise.resolve([]);
    const coordinate = apply(frameState.pixelToCoordinateTransform, pixel.slice());
    return Promise.resolve(this.near(coordinate, frameState.viewState.resolution, SYMBOL_RADIUS).map((p) => p.feature));
  }
}

/** Offsets of the copies of the world the frame shows (one, unless zoomed out past the world's width). */
function worldOffsets(frameState: FrameState): number[] {
  const projection = frameState.viewState.projection;
  const extent = frameState.extent;
  if (!projection.canWrapX() || !extent) return [0];
  const world = projection.getExtent();
  const width = getWidth(world);
  const first = Math.floor((extent[0] - world[0]) / width);
  const last = Math.floor((extent[2] - world[0]) / width);
  const offsets: number[] = [];
  for (let k = Math.max(first, -2); k <= Math.min(last, 2); k++) offsets.push(k * width);
  return offsets;
}
