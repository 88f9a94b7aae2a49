import {
  FEATURE_LAYER_SERVER_NAMES,
  FEATURE_MSG,
  attributeTypeName,
  componentTypeForKind,
  featureValueError,
  fieldValuesSchemaFor,
  type FeatureAttribute,
  type FeatureKind,
  type FieldValue,
  type LayerField,
} from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import { badRequest } from '../http/errors.js';

/**
 * Whether a layer takes drawn features of a kind (spec 3 §3): a vector layer without a reference,
 * either generic (no server name, e.g. an imported layer) or the drawing layer of that kind. Leader,
 * form and one-call layers have their own routes. Returns the refusal's message id, or null.
 */
export function drawTargetError(
  layer: { type: string; server_name: string | null; reference_id: string | null },
  kind: FeatureKind,
): string | null {
  if (layer.type !== 'VECTOR' || layer.reference_id) return FEATURE_MSG.layerNotDrawable;
  if (layer.server_name === null) return null;
  if (!(FEATURE_LAYER_SERVER_NAMES as readonly string[]).includes(layer.server_name))
    return FEATURE_MSG.layerNotDrawable;
  return layer.server_name === kind ? null : FEATURE_MSG.geometryTypeMismatch;
}

/**
 * Dictionary classification of a new or edited feature (spec 3 §5): the component belongs to the
 * project's dictionary and suits the geometry; required attributes have values; every value suits its
 * type; pick lists (not 'Pick List Edit') take one of their values. Returns the stored attribute list.
 */
export async function checkedClassification(
  db: Executor,
  project: { dictionary_id: string },
  kind: FeatureKind,
  c: {
    dictionaryId?: string | null;
    systemId?: string | null;
    componentId?: string | null;
    attributes?: FeatureAttribute[];
  },
) {
  if (!c.componentId) {
    if (c.systemId || (c.attributes && c.attributes.length)) throw badRequest(FEATURE_MSG.requiredMissing);
    return { dictionaryId: null, systemId: null, componentId: null, attributes: [] as FeatureAttribute[] };
  }
  if (c.dictionaryId && c.dictionaryId !== project.dictionary_id) throw badRequest(FEATURE_MSG.dictionaryMismatch);
  const component = await db
    .selectFrom('components')
    .innerJoin('systems', 'systems.id', 'components.system_id')
    .innerJoin('component_types', 'component_types.id', 'components.component_type_id')
    .select(['components.id', 'components.system_id', 'systems.dictionary_id', 'component_types.name as type'])
    .where('components.id', '=', c.componentId)
    .executeTakeFirst();
  if (
    !component ||
    component.dictionary_id !== project.dictionary_id ||
    (c.systemId && c.systemId !== component.system_id)
  ) {
    throw badRequest(FEATURE_MSG.dictionaryMismatch);
  }
  if (component.type !== componentTypeForKind[kind]) throw badRequest(FEATURE_MSG.componentTypeMismatch);

  const definitions = await db
    .selectFrom('attributes')
    .select(['id', 'name', 'type_id', 'required', 'default_value', 'pick_list_id'])
    .where('component_id', '=', component.id)
    .orderBy('sort_order')
    .execute();
  const given = new Map((c.attributes ?? []).map((a) => [a.attributeId, a]));
  const stored: FeatureAttribute[] = [];
  for (const def of definitions) {
    const type = attributeTypeName(def.type_id)!;
    const raw = given.get(def.id)?.attributeValue;
    const value = raw === null || raw === undefined ? '' : String(raw).trim();
    if (value === '') {
      if (def.required)
        throw badRequest(FEATURE_MSG.requiredMissing, 'InvalidParameterException', { attribute: def.name });
    } else {
      const error = featureValueError(type, value);
      if (error) throw badRequest(error, 'InvalidParameterException', { attribute: def.name });
      if ((type === 'Pick List' || type === 'Global Pick List') && def.pick_list_id) {
        const match = await db
          .selectFrom('pick_list_values')
          .select('id')
          .where('pick_list_id', '=', def.pick_list_id)
          .where('value', '=', value)
          .executeTakeFirst();
        if (!match) throw badRequest(FEATURE_MSG.badValue, 'InvalidParameterException', { attribute: def.name });
      }
    }
    stored.push({
      id: given.get(def.id)?.id ?? def.id,
      attributeId: def.id,
      attributeType: type,
      attributeValue: value === '' ? null : value,
    });
  }
  return {
    dictionaryId: component.dictionary_id,
    systemId: component.system_id,
    componentId: component.id,
    attributes: stored,
  };
}

/**
 * A feature's field values after a write: `given` (by field name) checked and coerced against the
 * layer's fields over the `stored` ones; an unknown field or a value of the wrong type is a 400 with
 * the field named. Nulls are left out (an absent field reads as null); values of fields the layer no
 * longer has are dropped.
 */
export function checkedFieldValues(
  fields: LayerField[],
  stored: unknown,
  given: Record<string, unknown> | undefined,
): Record<string, FieldValue> {
  const parsed = fieldValuesSchemaFor(fields).safeParse(given ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue.message, 'InvalidParameterException', { field: String(issue.path[0] ?? '') });
  }
  const names = new Set(fields.map((f) => f.name));
  const merged: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries({ ...((stored ?? {}) as Record<string, FieldValue>), ...parsed.data }))
    if (value !== null && names.has(name)) merged[name] = value;
  return merged;
}
