import { z } from 'zod';

/** Line functions (spec 3 §4, §6, §7): remove a vertex, split, join two lines, join points into a line. */
export const LINE_FN_MSG = {
  disabled: 'app.line.functions.disabled',
  notLine: 'app.line.error.not-line',
  badVertex: 'app.line.error.vertex',
  tooFewVertices: 'app.line.error.too-few-vertices',
  joinSelectError: 'app.line.join.select.error',
  joinSame: 'app.line.join.error.same',
  joinPick: 'app.line.join.pick',
  joinConfirm: 'app.line.join.confirm',
  joinSuccess: 'app.line.join.success',
  splitSuccess: 'app.line.split.success',
  removeVertexSuccess: 'app.line.remove-vertex.success',
  pointsTooFew: 'app.line.create.from.points.error.0',
  pointsSelectError: 'app.line.create.from.points.error.1',
  pointsNotPoint: 'app.line.create.from.points.error.2',
  pointsLayer: 'app.line.create.from.points.error.layer',
  pointsPick: 'app.line.create.from.points.pick',
  pointsSuccess: 'app.line.create.from.points.success',
} as const;

type Position = number[];
type Parts = Position[][];

/** Where a flattened vertex index falls: which part, and which vertex of that part. */
export function locateVertex(parts: Parts, vertex: number): { part: number; index: number } | null {
  let offset = 0;
  for (let part = 0; part < parts.length; part++) {
    if (vertex < offset + parts[part].length) return vertex >= offset ? { part, index: vertex - offset } : null;
    offset += parts[part].length;
  }
  return null;
}

/** Removes one vertex; every part keeps at least two. Null when the vertex does not exist or the part would break. */
export function removeVertex(parts: Parts, vertex: number): Parts | null {
  const at = locateVertex(parts, vertex);
  if (!at || parts[at.part].length <= 2) return null;
  return parts.map((p, i) => (i === at.part ? p.filter((_, j) => j !== at.index) : p));
}

/** Splits at an inner vertex, which ends the first line and starts the second. */
export function splitLine(parts: Parts, vertex: number): [Parts, Parts] | null {
  const at = locateVertex(parts, vertex);
  if (!at) return null;
  const part = parts[at.part];
  if (at.index === 0 || at.index === part.length - 1) return null;
  return [
    [...parts.slice(0, at.part), part.slice(0, at.index + 1)],
    [part.slice(at.index), ...parts.slice(at.part + 1)],
  ];
}

const dist2 = (a: Position, b: Position) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;
const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

/**
 * Joins two single-part lines into one: the second continues from the end of the first, turned
 * around when its far end is the nearer one; a shared junction vertex is kept once. Multi-part
 * inputs keep their parts side by side.
 */
export function joinLines(a: Parts, b: Parts): Parts {
  if (a.length !== 1 || b.length !== 1) return [...a, ...b];
  const first = a[0];
  const end = first[first.length - 1];
  let second = b[0];
  if (dist2(end, second[second.length - 1]) < dist2(end, second[0])) second = [...second].reverse();
  return [[...first, ...(same(end, second[0]) ? second.slice(1) : second)]];
}

export const joinPointsSchema = z.object({
  /** "<kind>.<id>" or numeric ids of the points, in the order the line visits them. */
  featureIds: z.array(z.string().max(64)).max(1000),
  /** The line layer (in the points' folder) that receives the line. */
  layerId: z.string().uuid(),
  /** Optional Line component of the points' system, with its attribute values. */
  componentId: z.string().uuid().nullable().optional(),
  attributes: z
    .array(
      z.object({
        attributeId: z.string().uuid(),
        attributeValue: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
      }),
    )
    .optional(),
});
export type JoinPointsInput = z.infer<typeof joinPointsSchema>;
