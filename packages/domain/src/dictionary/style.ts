import type { ComponentTypeName } from './types.js';
import { STYLE_RANGES } from './limits.js';

export interface ComponentStyle {
  strokeColor: string;
  strokeOpacity: number;
  strokeWidth: number;
  fillColor: string;
  fillOpacity: number;
  size?: number;
  dashed?: boolean;
}

/** Defaults of spec 2 §9: black stroke for points, else the system colour; width 3 for lines, else 2. */
export function defaultComponentStyle(type: ComponentTypeName, systemColor: string): ComponentStyle {
  return {
    strokeColor: type === 'Point' ? '#000000' : systemColor,
    strokeOpacity: 1,
    strokeWidth: type === 'Line' ? 3 : 2,
    fillColor: systemColor,
    fillOpacity: type === 'Point' ? 1 : 0.3,
    ...(type === 'Point' ? { size: 6 } : {}),
    ...(type === 'Line' ? { dashed: false } : {}),
  };
}

/** Clamped to the range and snapped to the step, without binary float noise (0.35, not 0.35000000000000003). */
const clamp = (v: number, r: { min: number; max: number; step: number }) =>
  Number(Math.min(r.max, Math.max(r.min, Math.round(v / r.step) * r.step)).toFixed(4));

/** Values outside the ranges are clamped, not refused (spec 2 §5). */
export function clampComponentStyle(style: ComponentStyle): ComponentStyle {
  return {
    ...style,
    strokeOpacity: clamp(style.strokeOpacity, STYLE_RANGES.opacity),
    fillOpacity: clamp(style.fillOpacity, STYLE_RANGES.opacity),
    strokeWidth: clamp(style.strokeWidth, STYLE_RANGES.width),
    ...(style.size !== undefined ? { size: clamp(style.size, STYLE_RANGES.size) } : {}),
  };
}

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
