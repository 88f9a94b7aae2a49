import { createCanvas } from '@napi-rs/canvas';
import { LEGEND_PAD } from '@fieldbook/domain';
import { encodePng } from './png.js';
import type { Symbolizers } from './styles-for-render.js';
import { Raster } from './wms-draw.js';

/** One legend row: what a class of features looks like on the map, and its name. */
export interface LegendEntry {
  label: string;
  /** The drawn symbol; null for a raster layer (an image, not symbols). */
  symbols: Symbolizers | null;
  /** Which symbolizer the swatch shows: what the renderer draws for these features. */
  shape: 'point' | 'line' | 'polygon';
}

export interface LegendOptions {
  /** Swatch size in pixels (GetLegendGraphic WIDTH/HEIGHT, as GeoServer reads them). */
  swatchWidth: number;
  swatchHeight: number;
  transparent: boolean;
}

/** Margin around the legend (shared with the web's tree swatch), gap between rows and before a label. */
export { LEGEND_PAD };
export const LEGEND_ROW_GAP = 2;
const LABEL_GAP = 6;
const FONT = '12px sans-serif';

const measurer = createCanvas(1, 1).getContext('2d');

/** Label widths from the canvas's own font metrics, so the image is as wide as its longest label. */
function labelWidth(text: string): number {
  measurer.font = FONT;
  return text ? Math.ceil(measurer.measureText(text).width) : 0;
}

export function legendSize(entries: LegendEntry[], o: LegendOptions): { width: number; height: number } {
  const labels = Math.max(0, ...entries.map((e) => labelWidth(e.label)));
  return {
    width: 2 * LEGEND_PAD + o.swatchWidth + (labels > 0 ? LABEL_GAP + labels : 0),
    height: 2 * LEGEND_PAD + entries.length * o.swatchHeight + Math.max(0, entries.length - 1) * LEGEND_ROW_GAP,
  };
}

/** A rectangle or a polyline as the renderer's pixel paths. */
const path = (...xy: number[]) => Float64Array.from(xy);

/** The swatch of one entry, drawn with the map renderer's own code so it matches the tiles exactly. */
function drawSwatch(raster: Raster, e: LegendEntry, x: number, y: number, w: number, h: number) {
  if (!e.symbols) {
    // A raster layer: a small grey image frame, since its colours come from the picture.
    const ctx = raster.context();
    ctx.fillStyle = '#c8c8c8';
    ctx.fillRect(x + 1, y + 1, w - 2, h - 2);
    ctx.fillStyle = '#8a8a8a';
    ctx.fillRect(x + 1, y + 1, Math.floor((w - 2) / 2), Math.floor((h - 2) / 2));
    ctx.fillRect(
      x + 1 + Math.floor((w - 2) / 2),
      y + 1 + Math.floor((h - 2) / 2),
      Math.ceil((w - 2) / 2),
      Math.ceil((h - 2) / 2),
    );
    return;
  }
  const s = e.symbols;
  if (e.shape === 'polygon') {
    const [x1, y1, x2, y2] = [x + 1.5, y + 1.5, x + w - 1.5, y + h - 1.5];
    raster.drawPaths([path(x1, y1, x2, y1, x2, y2, x1, y2)], true, s.polygon.fill, s.polygon.stroke);
  } else if (e.shape === 'line') {
    raster.drawPaths([path(x + 1, y + h - 3, x + w / 2, y + 3, x + w - 1, y + h - 3)], false, null, s.line);
  } else {
    const cx = x + Math.floor(w / 2);
    const cy = y + Math.floor(h / 2);
    const xy = new Uint8Array(4);
    new DataView(xy.buffer).setInt16(0, cx);
    new DataView(xy.buffer).setInt16(2, cy);
    raster.stampPoints(xy, s.point);
  }
}

/** A PNG legend: a swatch per entry, top to bottom, with its label to the right. */
export function drawLegend(entries: LegendEntry[], o: LegendOptions): Buffer {
  const { width, height } = legendSize(entries, o);
  const raster = new Raster(width, height, o.transparent ? undefined : 0xffffff);
  entries.forEach((e, i) => {
    const y = LEGEND_PAD + i * (o.swatchHeight + LEGEND_ROW_GAP);
    drawSwatch(raster, e, LEGEND_PAD, y, o.swatchWidth, o.swatchHeight);
    if (!e.label) return;
    const ctx = raster.context();
    ctx.font = FONT;
    ctx.fillStyle = '#000000';
    ctx.textBaseline = 'middle';
    ctx.fillText(e.label, LEGEND_PAD + o.swatchWidth + LABEL_GAP, y + o.swatchHeight / 2);
  });
  return encodePng(raster.settle(), width, height);
}
