import {
  attributeInputError,
  componentTypeForKind,
  initialAttributeValue,
  type AttributeTypeName,
  type FeatureKind,
} from '@fieldbook/domain';
import type { DictAttribute, DictComponent, DictSystem, Dictionary } from '../../../api/dictionaries';

/** What the new-feature dialog and the attribute edit panel collect (spec 3 §2 dialogs). */
export interface Classification {
  systemId: string;
  componentId: string;
  /** Attribute id → value as typed. */
  values: Record<string, string>;
}

export const attributeType = (a: DictAttribute) => a.type.name as AttributeTypeName;

/** Only components whose type matches the geometry can be chosen (spec 3 §5). */
export const componentsFor = (system: DictSystem | undefined, kind: FeatureKind): DictComponent[] =>
  (system?.components ?? []).filter((c) => c.componentType.name === componentTypeForKind[kind]);

export const findComponent = (
  dictionary: Dictionary | undefined,
  c: Pick<Classification, 'systemId' | 'componentId'>,
) => dictionary?.systems.find((s) => s.id === c.systemId)?.components.find((x) => x.id === c.componentId);

/** Defaults of a component's attributes (@today / @today_date mean now). */
export function initialValues(component: DictComponent | undefined, now = new Date()): Record<string, string> {
  return Object.fromEntries(
    (component?.attributes ?? []).map((a) => [a.id, initialAttributeValue(attributeType(a), a.defaultValue, now)]),
  );
}

/** The stored values of a feature (its attributes JSON text) keyed by attribute id. */
export function valuesOfFeature(attributesJson: string | null | undefined): Record<string, string> {
  try {
    const list = JSON.parse(attributesJson || '[]') as Array<{ attributeId: string; attributeValue?: unknown }>;
    return Object.fromEntries(
      list.map((a) => [
        a.attributeId,
        a.attributeValue === null || a.attributeValue === undefined ? '' : String(a.attributeValue),
      ]),
    );
  } catch {
    return {};
  }
}

export function attributeErrors(
  component: DictComponent | undefined,
  values: Record<string, string>,
): Record<string, string | null> {
  return Object.fromEntries(
    (component?.attributes ?? []).map((a) => [a.id, attributeInputError(attributeType(a), a.required, values[a.id])]),
  );
}

/** Save is allowed once system and a matching component are chosen and every value passes the shared rules. */
export function classificationValid(dictionary: Dictionary | undefined, c: Classification, kind: FeatureKind): boolean {
  const system = dictionary?.systems.find((s) => s.id === c.systemId);
  const component = componentsFor(system, kind).find((x) => x.id === c.componentId);
  if (!component) return false;
  return Object.values(attributeErrors(component, c.values)).every((e) => e === null);
}

export function toAttributeList(component: DictComponent | undefined, values: Record<string, string>) {
  return (component?.attributes ?? []).map((a) => ({
    attributeId: a.id,
    attributeType: attributeType(a),
    attributeValue: (values[a.id] ?? '').trim() || null,
  }));
}
