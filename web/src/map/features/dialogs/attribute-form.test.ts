import { describe, expect, it } from 'vitest';
import type { Dictionary } from '../../../api/dictionaries';
import { classificationValid, componentsFor, initialValues, toAttributeList, valuesOfFeature } from './attribute-form';

const attribute = (id: string, name: string, type: string, required = false, defaultValue: string | null = null) => ({
  id,
  name,
  typeId: 0,
  type: { id: 0, name: type },
  defaultValue,
  required,
  order: 0,
  pickListId: null,
  pickList: null,
});
const component = (id: string, type: string, attributes: ReturnType<typeof attribute>[]) => ({
  id,
  alias: id,
  order: 0,
  systemId: 's',
  componentTypeId: 0,
  componentType: { id: 0, name: type },
  componentStyling: false,
  style: null,
  attributes,
  attributeIdList: [],
});
const dictionary = {
  id: 'd',
  systems: [
    {
      id: 's',
      name: 'Water',
      color: '#00f',
      order: 0,
      dictionaryId: 'd',
      components: [
        component('valve', 'Point', [
          attribute('a1', 'Status', 'Text', true),
          attribute('a2', 'Date', 'Date', false, '@today_date'),
        ]),
        component('main', 'Line', [attribute('a3', 'Size', 'Int')]),
      ],
    },
  ],
} as unknown as Dictionary;

describe('the new-feature form', () => {
  it('offers only components of the geometry type', () => {
    expect(componentsFor(dictionary.systems[0], 'point').map((c) => c.id)).toEqual(['valve']);
    expect(componentsFor(dictionary.systems[0], 'line').map((c) => c.id)).toEqual(['main']);
  });
  it('starts with the defaults and allows saving once required values are valid', () => {
    const values = initialValues(dictionary.systems[0].components[0], new Date(2025, 6, 4));
    expect(values).toEqual({ a1: '', a2: '07/04/2025' });
    expect(classificationValid(dictionary, { systemId: 's', componentId: 'valve', values }, 'point')).toBe(false);
    expect(
      classificationValid(
        dictionary,
        { systemId: 's', componentId: 'valve', values: { ...values, a1: 'Open' } },
        'point',
      ),
    ).toBe(true);
    expect(
      classificationValid(
        dictionary,
        { systemId: 's', componentId: 'valve', values: { ...values, a1: 'Open' } },
        'line',
      ),
    ).toBe(false);
    expect(classificationValid(dictionary, { systemId: '', componentId: '', values: {} }, 'point')).toBe(false);
  });
  it('reads stored values and writes the attribute list the server takes', () => {
    expect(
      valuesOfFeature(
        JSON.stringify([
          { attributeId: 'a1', attributeValue: 'Open' },
          { attributeId: 'a2', attributeValue: null },
        ]),
      ),
    ).toEqual({ a1: 'Open', a2: '' });
    expect(toAttributeList(dictionary.systems[0].components[0], { a1: ' Open ', a2: '' })).toEqual([
      { attributeId: 'a1', attributeType: 'Text', attributeValue: 'Open' },
      { attributeId: 'a2', attributeType: 'Date', attributeValue: null },
    ]);
  });
});
