import type { DictionaryTemplate, TemplateAttribute } from './types.js';

const observed: TemplateAttribute[] = [
  { name: 'Elevation', type: 'Double' },
  { name: 'Observed', type: 'Timestamp', defaultValue: '@today' },
  { name: 'Crew Chief', type: 'Text', defaultValue: '@save' },
  { name: 'Description', type: 'Note' },
];
const condition: TemplateAttribute = {
  name: 'Condition',
  type: 'Pick List',
  values: ['Good', 'Fair', 'Poor', 'Destroyed'],
};

/** A topographic survey: control, terrain, hardscape, vegetation and structures. */
export const topographicTemplate: DictionaryTemplate = {
  key: 'topographic-survey',
  name: 'Topographic Survey',
  systems: [
    {
      name: 'Control',
      color: '#D32F2F',
      components: [
        {
          alias: 'Control Point',
          type: 'Point',
          attributes: [
            { name: 'Point Name', type: 'Text', required: true },
            {
              name: 'Monument Type',
              type: 'Pick List',
              values: ['Iron Rod', 'Iron Pipe', 'Brass Disk', 'PK Nail', 'Mag Nail', 'Concrete Monument'],
            },
            condition,
            ...observed,
          ],
        },
        {
          alias: 'Benchmark',
          type: 'Point',
          attributes: [{ name: 'Datum', type: 'Pick List', values: ['NAVD88', 'NGVD29', 'Local'] }, ...observed],
        },
      ],
    },
    {
      name: 'Terrain',
      color: '#8D6E63',
      components: [
        { alias: 'Spot Elevation', type: 'Point', attributes: observed },
        {
          alias: 'Breakline',
          type: 'Line',
          attributes: [
            {
              name: 'Breakline Type',
              type: 'Pick List',
              values: ['Top of Bank', 'Toe of Slope', 'Ridge', 'Flow Line', 'Edge of Water'],
            },
            ...observed,
          ],
        },
      ],
    },
    {
      name: 'Hardscape',
      color: '#616161',
      components: [
        {
          alias: 'Edge of Pavement',
          type: 'Line',
          attributes: [
            { name: 'Surface', type: 'Pick List', values: ['Asphalt', 'Concrete', 'Gravel', 'Pavers'] },
            ...observed,
          ],
        },
        {
          alias: 'Curb',
          type: 'Line',
          attributes: [
            { name: 'Curb Type', type: 'Pick List', values: ['Barrier', 'Mountable', 'Curb & Gutter'] },
            ...observed,
          ],
        },
        {
          alias: 'Paved Area',
          type: 'Polygon',
          attributes: [
            { name: 'Surface', type: 'Pick List', values: ['Asphalt', 'Concrete', 'Gravel', 'Pavers'] },
            ...observed,
          ],
        },
      ],
    },
    {
      name: 'Vegetation',
      color: '#388E3C',
      components: [
        {
          alias: 'Tree',
          type: 'Point',
          attributes: [
            { name: 'Species', type: 'Text' },
            { name: 'Trunk Diameter (in)', type: 'Int' },
            { name: 'Heritage Tree', type: 'Boolean', defaultValue: 'false' },
            condition,
            ...observed,
          ],
        },
        { alias: 'Tree Line', type: 'Line', attributes: observed },
        { alias: 'Wooded Area', type: 'Polygon', attributes: observed },
      ],
    },
    {
      name: 'Structures',
      color: '#1976D2',
      components: [
        {
          alias: 'Building Corner',
          type: 'Point',
          attributes: [{ name: 'Finished Floor', type: 'Double' }, ...observed],
        },
        {
          alias: 'Building Footprint',
          type: 'Polygon',
          attributes: [{ name: 'Address', type: 'Text' }, { name: 'Stories', type: 'Int' }, ...observed],
        },
        {
          alias: 'Fence',
          type: 'Line',
          attributes: [
            {
              name: 'Fence Type',
              type: 'Pick List',
              values: ['Chain Link', 'Wood', 'Wrought Iron', 'Vinyl', 'Barbed Wire'],
            },
            ...observed,
          ],
        },
      ],
    },
  ],
};
