import type { AttributeTypeName, ComponentTypeName } from '@fieldbook/domain';

/** A provider template as data: seeded read-only, copied by organizations (spec 2 §3). */
export interface TemplateAttribute {
  name: string;
  type: AttributeTypeName;
  defaultValue?: string;
  required?: boolean;
  values?: string[];
}
export interface TemplateComponent {
  alias: string;
  type: ComponentTypeName;
  attributes: TemplateAttribute[];
}
export interface TemplateSystem {
  name: string;
  color: string;
  components: TemplateComponent[];
}
export interface DictionaryTemplate {
  key: string;
  name: string;
  systems: TemplateSystem[];
}
