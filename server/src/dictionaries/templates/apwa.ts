import type { DictionaryTemplate, TemplateAttribute, TemplateComponent } from './types.js';

/** Attributes every locate mark carries. */
const locate: TemplateAttribute[] = [
  {
    name: 'Locate Status',
    type: 'Pick List',
    required: true,
    values: ['Marked', 'Clear / No Conflict', 'Conflict', 'Unable to Locate'],
  },
  {
    name: 'Locate Method',
    type: 'Pick List',
    values: ['Direct Connect', 'Inductive', 'Passive', 'Records Only', 'Probe / Sonde'],
  },
  { name: 'Depth (ft)', type: 'Double' },
  { name: 'Locate Date', type: 'Date', defaultValue: '@today_date' },
  { name: 'Located By', type: 'Text', defaultValue: '@save' },
  { name: 'Ticket Number', type: 'Text', defaultValue: '@save' },
  { name: 'Notes', type: 'Note' },
];

const line = (alias: string, extra: TemplateAttribute[] = []): TemplateComponent => ({
  alias,
  type: 'Line',
  attributes: [...extra, ...locate],
});
const point = (alias: string, extra: TemplateAttribute[] = []): TemplateComponent => ({
  alias,
  type: 'Point',
  attributes: [...extra, ...locate],
});
const area = (alias: string, extra: TemplateAttribute[] = []): TemplateComponent => ({
  alias,
  type: 'Polygon',
  attributes: [...extra, ...locate],
});

const owner: TemplateAttribute = { name: 'Owner', type: 'Text', defaultValue: '@save' };
const material = (values: string[]): TemplateAttribute => ({ name: 'Material', type: 'Pick List', values });
const size: TemplateAttribute = { name: 'Size (in)', type: 'Double' };

/** Utility locating by the APWA uniform colour code. */
export const apwaTemplate: DictionaryTemplate = {
  key: 'apwa-utility-locating',
  name: 'Utility Locating (APWA Uniform Color Code)',
  systems: [
    {
      name: 'Electric',
      color: '#FF0000',
      components: [
        line('Electric Line', [
          owner,
          {
            name: 'Voltage',
            type: 'Pick List',
            values: ['Secondary (< 600 V)', 'Primary (600 V - 35 kV)', 'Transmission (> 35 kV)', 'Street Light'],
          },
        ]),
        point('Electric Pole', [owner, { name: 'Pole Number', type: 'Text' }]),
        point('Transformer', [owner]),
        area('Electric Vault', [owner]),
      ],
    },
    {
      name: 'Gas / Oil / Steam',
      color: '#FFFF00',
      components: [
        line('Gas Main', [
          owner,
          material(['Steel', 'Plastic (PE)', 'Cast Iron', 'Copper']),
          size,
          { name: 'Pressure', type: 'Pick List', values: ['Low', 'Medium', 'High'] },
        ]),
        line('Gas Service', [owner, material(['Steel', 'Plastic (PE)', 'Copper']), size]),
        point('Gas Valve', [owner]),
        point('Gas Meter', [owner]),
      ],
    },
    {
      name: 'Communications',
      color: '#FF8000',
      components: [
        line('Telecom Cable', [
          owner,
          { name: 'Cable Type', type: 'Pick List', values: ['Fiber Optic', 'Copper', 'Coaxial (CATV)'] },
        ]),
        point('Pedestal', [owner]),
        area('Handhole / Manhole', [owner]),
      ],
    },
    {
      name: 'Potable Water',
      color: '#0000FF',
      components: [
        line('Water Main', [owner, material(['Ductile Iron', 'PVC', 'Cast Iron', 'HDPE', 'Copper']), size]),
        line('Water Service', [owner, material(['Copper', 'PEX', 'PVC', 'Galvanized']), size]),
        point('Water Valve', [owner]),
        point('Fire Hydrant', [owner, { name: 'Hydrant Number', type: 'Text' }]),
      ],
    },
    {
      name: 'Reclaimed Water / Irrigation',
      color: '#800080',
      components: [
        line('Reclaimed Main', [owner, material(['PVC', 'HDPE', 'Ductile Iron']), size]),
        point('Irrigation Valve', [owner]),
      ],
    },
    {
      name: 'Sewer / Drain',
      color: '#00FF00',
      components: [
        line('Sanitary Sewer', [owner, material(['PVC', 'Vitrified Clay', 'Concrete', 'HDPE']), size]),
        line('Storm Drain', [owner, material(['Concrete', 'Corrugated Metal', 'HDPE', 'PVC']), size]),
        point('Sewer Manhole', [owner, { name: 'Rim Elevation', type: 'Double' }]),
        point('Cleanout', [owner]),
      ],
    },
    {
      name: 'Temporary Survey',
      color: '#FF69B4',
      components: [
        point('Survey Mark', [
          { name: 'Mark Type', type: 'Pick List', values: ['Paint', 'Flag', 'Stake', 'Hub & Tack'] },
        ]),
        line('Survey Line', []),
      ],
    },
    {
      name: 'Proposed Excavation',
      color: '#FFFFFF',
      components: [
        area('Excavation Area', [
          { name: 'Excavator', type: 'Text', defaultValue: '@save' },
          { name: 'Work Type', type: 'Text' },
        ]),
        line('Excavation Route', [{ name: 'Excavator', type: 'Text', defaultValue: '@save' }]),
        point('Bore Pit', []),
      ],
    },
  ],
};
