import { z } from 'zod';
import { HYPERLINK_PATTERN } from '../dictionary/attribute-defaults.js';
import type { AttributeTypeName, ComponentTypeName } from '../dictionary/types.js';

export const FEATURE_MSG = {
  geometryInvalid: 'app.feature.error.geometry',
  geometryTypeMismatch: 'app.feature.error.geometry-type',
  componentTypeMismatch: 'app.feature.error.component-type',
  dictionaryMismatch: 'app.feature.error.dictionary',
  requiredMissing: 'app.feature.error.required',
  badHyperlink: 'app.feature.error.bad-hyperlink',
  badValue: 'app.feature.error.bad-value',
  textTooLong: 'app.feature.error.text-too-long',
  layerReadOnly: 'app.layer.error.read-only',
  layerInactive: 'app.feature.error.layer-inactive',
  /** The layer takes no drawn features here: not vector, a leader, form or one-call layer (those have their own routes). */
  layerNotDrawable: 'app.feature.error.layer',
} as const;

export const FEATURE_KINDS = { points: 'point', lines: 'line', polygons: 'polygon' } as const;
export type FeatureKind = (typeof FEATURE_KINDS)[keyof typeof FEATURE_KINDS];
export const FREE_TEXT_MAX = 256;

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number());
const ring = z.array(position).min(3);

export const geometrySchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('Point'), coordinates: position }),
    z.object({ type: z.literal('LineString'), coordinates: z.array(position).min(2) }),
    z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position).min(2)).min(1) }),
    z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1)).min(1) }),
  ],
  { message: FEATURE_MSG.geometryInvalid },
);
export type Geometry = z.infer<typeof geometrySchema>;

type Position = z.infer<typeof position>;
const closeRing = (r: Position[]): Position[] => {
  const [first, last] = [r[0], r[r.length - 1]];
  return first[0] === last[0] && first[1] === last[1] ? r : [...r, first];
};

/**
 * Drawn geometries are stored as Point, MultiLineString or MultiPolygon with closed rings (spec 3 §4).
 * Returns null when the geometry does not fit the kind of layer feature.
 */
export function normalizeGeometry(kind: FeatureKind, g: Geometry): Geometry | null {
  if (kind === 'point') return g.type === 'Point' ? g : null;
  if (kind === 'line') {
    if (g.type === 'LineString') return { type: 'MultiLineString', coordinates: [g.coordinates] };
    return g.type === 'MultiLineString' ? g : null;
  }
  if (g.type === 'Polygon') return { type: 'MultiPolygon', coordinates: [g.coordinates.map(closeRing)] };
  if (g.type === 'MultiPolygon')
    return { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map(closeRing)) };
  return null;
}

export const componentTypeForKind: Record<FeatureKind, ComponentTypeName> = {
  point: 'Point',
  line: 'Line',
  polygon: 'Polygon',
};

export const featureAttributeSchema = z.object({
  id: z.string().optional(),
  attributeId: z.string().uuid(),
  attributeType: z.string().optional(),
  attributeValue: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
});
export type FeatureAttribute = z.infer<typeof featureAttributeSchema>;

/** `attributes` travels as a JSON string (spec 3 §3) or as the list itself. */
export const featureAttributesField = z.union([
  z.array(featureAttributeSchema),
  z.string().transform((s, ctx) => {
    try {
      return z.array(featureAttributeSchema).parse(JSON.parse(s));
    } catch {
      ctx.addIssue({ code: 'custom', message: FEATURE_MSG.badValue });
      return z.NEVER;
    }
  }),
]);

export const featureInputSchema = z.object({
  type: z.literal('Feature').optional(),
  id: z.union([z.string(), z.number()]).optional(),
  geometry: geometrySchema,
  properties: z
    .object({
      layer_id: z.string().uuid(),
      dictionary_id: z.string().uuid().nullable().optional(),
      system_id: z.string().uuid().nullable().optional(),
      component_id: z.string().uuid().nullable().optional(),
      attributes: featureAttributesField.optional(),
      metadata: z
        .union([z.string(), z.record(z.string(), z.unknown())])
        .nullable()
        .optional(),
      properties: z.record(z.string(), z.string().max(FREE_TEXT_MAX, { message: FEATURE_MSG.textTooLong })).optional(),
      /** Values of the layer's typed fields by name (map/fields.ts), checked against the layer by the server. */
      fieldValues: z.record(z.string(), z.unknown()).optional(),
    })
    .passthrough(),
});
export type FeatureInput = z.infer<typeof featureInputSchema>;

const DATE = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;
const TIME = /^(0[1-9]|1[0-2]):[0-5]\d (am|pm|AM|PM)$/;

/** Checks one attribute value against its dictionary type (spec 3 §5 new-feature rules). */
export function featureValueError(type: AttributeTypeName, value: string): string | null {
  switch (type) {
    case 'Int':
      return /^-?\d+$/.test(value) ? null : FEATURE_MSG.badValue;
    case 'Double':
      return /^-?\d+(\.\d+)?$/.test(value) ? null : FEATURE_MSG.badValue;
    case 'Boolean':
      return value === 'true' || value === 'false' ? null : FEATURE_MSG.badValue;
    case 'Hyperlink':
      return HYPERLINK_PATTERN.test(value) ? null : FEATURE_MSG.badHyperlink;
    case 'Date':
      return DATE.test(value) ? null : FEATURE_MSG.badValue;
    case 'Time':
      return TIME.test(value) ? null : FEATURE_MSG.badValue;
    case 'Timestamp': {
      const [d, ...t] = value.split(' ');
      return DATE.test(d) && TIME.test(t.join(' ')) ? null : FEATURE_MSG.badValue;
    }
    default:
      return value.length > FREE_TEXT_MAX ? FEATURE_MSG.textTooLong : null;
  }
}
