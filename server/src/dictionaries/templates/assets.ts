import type { DictionaryTemplate, TemplateAttribute } from './types.js';

const inventory: TemplateAttribute[] = [
  { name: 'Asset ID', type: 'Text', required: true },
  { name: 'Condition', type: 'Pick List', required: true, values: ['Excellent', 'Good', 'Fair', 'Poor', 'Failed'] },
  { name: 'Install Date', type: 'Date' },
  { name: 'Last Inspected', type: 'Date', defaultValue: '@today_date' },
  { name: 'Inspector', type: 'Text', defaultValue: '@save' },
  { name: 'Photo Link', type: 'Hyperlink' },
  { name: 'Comments', type: 'Note' },
];

/** A simple municipal asset inventory. */
export const assetInventoryTemplate: DictionaryTemplate = {
  key: 'asset-inventory',
  name: 'Asset Inventory',
  systems: [
    {
      name: 'Signs',
      color: '#F9A825',
      components: [
        {
          alias: 'Sign',
          type: 'Point',
          attributes: [
            {
              name: 'Sign Type',
              type: 'Pick List',
              values: ['Stop', 'Yield', 'Speed Limit', 'Street Name', 'Warning', 'Parking'],
            },
            { name: 'Reflective', type: 'Boolean', defaultValue: 'true' },
            ...inventory,
          ],
        },
      ],
    },
    {
      name: 'Lighting',
      color: '#FBC02D',
      components: [
        {
          alias: 'Street Light',
          type: 'Point',
          attributes: [
            { name: 'Lamp Type', type: 'Pick List', values: ['LED', 'High Pressure Sodium', 'Metal Halide'] },
            { name: 'Wattage', type: 'Int' },
            ...inventory,
          ],
        },
      ],
    },
    {
      name: 'Stormwater',
      color: '#0288D1',
      components: [
        { alias: 'Catch Basin', type: 'Point', attributes: inventory },
        { alias: 'Culvert', type: 'Line', attributes: [{ name: 'Diameter (in)', type: 'Int' }, ...inventory] },
        { alias: 'Detention Pond', type: 'Polygon', attributes: inventory },
      ],
    },
    {
      name: 'Parks',
      color: '#43A047',
      components: [
        { alias: 'Bench', type: 'Point', attributes: inventory },
        {
          alias: 'Trail',
          type: 'Line',
          attributes: [{ name: 'Surface', type: 'Pick List', values: ['Paved', 'Gravel', 'Natural'] }, ...inventory],
        },
        { alias: 'Park Boundary', type: 'Polygon', attributes: [{ name: 'Park Name', type: 'Text' }, ...inventory] },
      ],
    },
  ],
};
