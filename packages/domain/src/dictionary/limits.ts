/** Data management limits of spec 2 §9. */
export const DICTIONARY_LIMITS = {
  nameMax: 48,
  componentCopyNameMax: 128,
  textDefaultMax: 96,
  pickListValueInAttributeMax: 96,
  pickListValueInManagerMax: 64,
  symbolNameMax: 50,
  symbolImageMaxBytes: 1_000_000,
  symbolPageSize: 10,
  symbolCheckDebounceMs: 200,
  siteNameMax: 256,
  wktMax: 2048,
  crsSearchDebounceMs: 200,
  formNameMax: 128,
  formDescriptionMax: 256,
  formPageSize: 10,
} as const;

export const COPY_SUFFIX = '-copy';
export const COMPONENT_COPY_SUFFIX = ' ( Copy )';

/** Component style ranges and defaults (spec 2 §9). */
export const STYLE_RANGES = {
  size: { min: 0, max: 50, step: 1 },
  opacity: { min: 0, max: 1, step: 0.05 },
  width: { min: 0, max: 10, step: 0.5 },
} as const;

export const DICTIONARY_MSG = {
  nameNonEmpty: 'app.dictionary.name.non-empty',
  nameTooLong: 'app.dictionary.name.too-long',
  selectTemplate: 'app.dictionary.select-template',
  notEditable: 'app.dictionary.not-editable',
  inUse: 'app.dictionary.in-use',
  systemExisted: 'app.dictionary.system.existed',
  invalidHex: 'app.dictionary.color.invalid-hex',
  nothingChanged: 'app.dictionary.nothing-changed',
  componentNameTaken: 'app.dictionary.component.name-taken',
  copyNameTaken: 'app.dictionary.component.copy-name-taken',
  attributeNameExists: 'app.dictionary.attribute.name-exists',
  typeRequired: 'app.dictionary.attribute.type-required',
  pickListNeedsValue: 'app.dictionary.picklist.needs-value',
  pickListValueExists: 'app.dictionary.picklist.value-exists',
  pickListNameTaken: 'app.dictionary.picklist.name-taken',
  pickListValueTooLong: 'app.dictionary.picklist.value-too-long',
  badHyperlink: 'app.dictionary.attribute.bad-hyperlink',
  badDefault: 'app.dictionary.attribute.bad-default',
  defaultTooLong: 'app.dictionary.attribute.default-too-long',
  readOnlyNeedsDefault: 'app.dictionary.attribute.read-only-needs-default',
  invalidDate: 'app.dictionary.attribute.invalid-date',
  globalPickListOrder: 'app.dictionary.picklist.global-order',
  wrongComponentType: 'app.dictionary.component.type-invalid',
} as const;
