import { z } from 'zod';
import { geometrySchema, type Geometry } from './features.js';
import { SYSTEM_NAMES } from './system-names.js';

/** Leaders (spec 3 §3, §5, §9): a labelled line from a feature's vertex, kept on the folder's leader layer. */
export const LEADER_LIMITS = { textMax: 256, textRows: 3, zoomThreshold: 12 } as const;
export const LEADER_SYMBOLS = ['FORWARD_CLOSED_ARROW', 'CIRCLE'] as const;
export type LeaderSymbol = (typeof LEADER_SYMBOLS)[number];
/** The leader layer of a folder is recognised by these (spec 3 §3). */
export const LEADER_LAYER = { serverName: 'leader', referenceId: 'leader', name: SYSTEM_NAMES.leaderLayer } as const;

export const LEADER_MSG = {
  textRequired: 'app.leader.error.text.required',
  textTooLong: 'app.leader.error.text.too-long',
  textRows: 'app.leader.error.text.rows',
  badColor: 'app.leader.error.color',
  symbolRequired: 'app.leader.error.symbol',
  vertexRequired: 'app.leader.error.vertex',
  vertexOutOfRange: 'app.leader.error.vertex.range',
  increaseZoom: 'app.leader.increase.zoom',
  notLeader: 'app.leader.error.not-leader',
  created: 'app.leader.create.success',
  updated: 'app.leader.update.success',
  deleted: 'app.leader.delete.success',
} as const;

export const leaderMetadataSchema = z.object({
  text: z
    .string({ message: LEADER_MSG.textRequired })
    .trim()
    .min(1, { message: LEADER_MSG.textRequired })
    .max(LEADER_LIMITS.textMax, { message: LEADER_MSG.textTooLong })
    .refine((t) => t.split('\n').length <= LEADER_LIMITS.textRows, { message: LEADER_MSG.textRows }),
  color: z.string({ message: LEADER_MSG.badColor }).regex(/^#[0-9a-fA-F]{6}$/, { message: LEADER_MSG.badColor }),
  vertex: z.number({ message: LEADER_MSG.vertexRequired }).int().min(0, { message: LEADER_MSG.vertexRequired }),
  symbol: z.enum(LEADER_SYMBOLS, { message: LEADER_MSG.symbolRequired }),
});
export type LeaderMetadata = z.infer<typeof leaderMetadataSchema>;

const leaderGeometry = geometrySchema.refine((g) => g.type === 'LineString' || g.type === 'MultiLineString', {
  message: 'app.feature.error.geometry-type',
});

/** Create: the folder whose leader layer holds it, and the feature it points at. Edit: the same without the folder. */
export const leaderInputSchema = z.object({
  folderId: z.string().uuid(),
  /** "<kind>.<id>" of the feature the leader points at. */
  featureId: z.string().max(64).optional(),
  geometry: leaderGeometry,
  metadata: leaderMetadataSchema,
});
export type LeaderInput = z.infer<typeof leaderInputSchema>;
export const leaderUpdateSchema = leaderInputSchema.omit({ folderId: true });
export type LeaderUpdate = z.infer<typeof leaderUpdateSchema>;

/** Vertices a leader can anchor at: every vertex through all parts, a ring's closing vertex counted once (spec 3 §5). */
export function anchorVertexCount(g: Geometry): number {
  switch (g.type) {
    case 'Point':
      return 1;
    case 'LineString':
      return g.coordinates.length;
    case 'MultiLineString':
      return g.coordinates.reduce((n, part) => n + part.length, 0);
    case 'Polygon':
      return g.coordinates.reduce((n, ring) => n + ring.length - 1, 0);
    case 'MultiPolygon':
      return g.coordinates.reduce((n, p) => n + p.reduce((m, ring) => m + ring.length - 1, 0), 0);
  }
}

/** Anchor choices of the leader drawer: first, 2..n-1, last (spec 3 §5); indexes into the flattened vertices. */
export function leaderAnchorChoices(vertexCount: number): Array<{ vertex: number; label: 'first' | 'last' | number }> {
  if (vertexCount <= 1) return [{ vertex: 0, label: 'first' }];
  return Array.from({ length: vertexCount }, (_, i) => ({
    vertex: i,
    label: i === 0 ? 'first' : i === vertexCount - 1 ? 'last' : i + 1,
  }));
}
