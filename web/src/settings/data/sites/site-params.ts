import { DATA_MSG, HELMERT_PATTERN, helmertProj, parseHelmert } from '@fieldbook/domain';
import type { CrsOption } from '../../../api/sites';

/** A plain decimal, as the stored transformation string needs it (no exponent, no leading '+'). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

export type ParamKey = 'x' | 'y' | 's' | 'theta';
export type Params = Record<ParamKey, string>;
export const EMPTY_PARAMS: Params = { x: '', y: '', s: '', theta: '' };

/** The coordinate system's name at the head of a WKT text, e.g. PROJCS["NAD83 / California zone 5 (ftUS)", … */
export function wktName(wkt: string): string | null {
  return wkt.match(/^\s*[A-Z_]+\s*\[\s*"([^"]+)"/)?.[1] ?? null;
}

export const crsLabel = (o: CrsOption) => `EPSG:${o.epsg} · ${o.name}`;

export function paramsOf(proj: string | null): { on: boolean; params: Params } {
  const parsed = proj ? parseHelmert(proj) : null;
  if (!parsed) return { on: Boolean(proj), params: EMPTY_PARAMS };
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(+n.toFixed(9)));
  return { on: true, params: { x: text(parsed.x), y: text(parsed.y), s: text(parsed.s), theta: text(parsed.theta) } };
}

/** Each parameter's problem: x, y and scale are required numbers, theta an optional one. */
export function paramErrors(p: Params): Partial<Record<ParamKey, string>> {
  const errors: Partial<Record<ParamKey, string>> = {};
  for (const key of ['x', 'y', 's'] as const) {
    if (p[key].trim() === '') errors[key] = 'app.site.transformation.required';
    else if (!DECIMAL.test(p[key].trim())) errors[key] = DATA_MSG.siteTransformation;
  }
  if (p.theta.trim() !== '' && !DECIMAL.test(p.theta.trim())) errors.theta = DATA_MSG.siteTransformation;
  return errors;
}

/** The helmert string of the parameters, or null when they are not valid (theta in degrees, stored in arc-seconds). */
export function projOf(p: Params): string | null {
  if (Object.keys(paramErrors(p)).length > 0) return null;
  const proj = helmertProj({
    x: Number(p.x),
    y: Number(p.y),
    s: Number(p.s),
    theta: p.theta.trim() === '' ? null : Number(p.theta),
  });
  return HELMERT_PATTERN.test(proj) ? proj : null;
}
