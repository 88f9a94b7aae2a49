import type { FeatureOut } from '../../../api/features';

/** Keys of a feature's properties that are not user properties (spec 3 §3). */
const SYSTEM_KEYS = new Set([
  'layer_id',
  'folder_id',
  'project_id',
  'dictionary_id',
  'system_id',
  'component_id',
  'attributes',
  'metadata',
  'form_id',
  'form_data',
  'file_id',
  'created',
  'modified',
  'created_by_email',
  'modified_by_email',
  'ogc_fid',
]);

/** The free-text properties of a feature without dictionary classification. */
export function freeProperties(feature: FeatureOut): Record<string, string> {
  return Object.fromEntries(
    Object.entries(feature.properties)
      .filter(([k, v]) => !SYSTEM_KEYS.has(k) && (typeof v === 'string' || typeof v === 'number'))
      .map(([k, v]) => [k, String(v)]),
  );
}

/** Generic features carry a system and a component style among their properties (spec 3 §2). */
export const STYLE_KEYS = ['system_style', 'component_style'] as const;

export function parseMetadata(feature: Pick<FeatureOut, 'properties'>): Record<string, unknown> {
  try {
    return (JSON.parse(feature.properties.metadata ?? 'null') as Record<string, unknown>) ?? {};
  } catch {
    return {};
  }
}
