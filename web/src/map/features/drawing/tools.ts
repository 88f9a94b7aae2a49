import type { Type as OlGeometryType } from 'ol/geom/Geometry';
import { createBox, createRegularPolygon, type GeometryFunction } from 'ol/interaction/Draw';

export type DrawTool = 'marker' | 'circle' | 'polygon' | 'polyline' | 'rectangle';
export const DRAW_TOOLS: DrawTool[] = ['marker', 'circle', 'polygon', 'polyline', 'rectangle'];

/** Layers made for one geometry kind offer only the tools that draw it (spec 3 §4 drawing flow). */
export function toolsForLayer(serverName: string | null | undefined): DrawTool[] {
  if (serverName === 'point') return ['marker'];
  if (serverName === 'line') return ['polyline'];
  if (serverName === 'polygon') return ['polygon', 'circle', 'rectangle'];
  return DRAW_TOOLS;
}

/** Circles become 64-segment polygons and rectangles boxes, so every drawing is a plain geometry. */
export function drawOptions(tool: DrawTool): { type: OlGeometryType; geometryFunction?: GeometryFunction } {
  switch (tool) {
    case 'marker':
      return { type: 'Point' };
    case 'polyline':
      return { type: 'LineString' };
    case 'polygon':
      return { type: 'Polygon' };
    case 'circle':
      return { type: 'Circle', geometryFunction: createRegularPolygon(64) };
    case 'rectangle':
      return { type: 'Circle', geometryFunction: createBox() };
  }
}

/** Lines and polygons can be finished from the action message as well as by clicking their last point. */
export const isMultiClickTool = (tool: DrawTool) => tool === 'polyline' || tool === 'polygon';
