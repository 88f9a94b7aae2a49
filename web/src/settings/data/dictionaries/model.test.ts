import { describe, expect, it } from 'vitest';
import { DICTIONARY_MSG, attributeTypeId } from '@fieldbook/domain';
import {
  attributeDraftOf,
  attributeErrors,
  drawnStyle,
  emptyAttribute,
  fromDateInput,
  fromTimeInput,
  fromTimestampInput,
  helperTokens,
  inOrder,
  moveItem,
  parseStyle,
  reorderBody,
  serializeStyle,
  toDateInput,
  toTimeInput,
  toTimestampInput,
  valueError,
  type AttributeDraft,
} from './model';
import { copyName } from './CreateDictionaryDialog';
import { copyNameError } from './CopyComponentDialog';
import { deleteBlocked } from './CompanyDictionariesPage';
import { usageTree } from './PickListUsageTree';
import { viewStateOf } from './paths';

const draft = (patch: Partial<AttributeDraft>): AttributeDraft => ({ ...emptyAttribute(), ...patch });

describe('date and time defaults', () => {
  it('converts between the spec formats and the native inputs', () => {
    expect(toDateInput('03/09/2024')).toBe('2024-03-09');
    expect(fromDateInput('2024-03-09')).toBe('03/09/2024');
    expect(toDateInput('@today_date')).toBe('');
    expect(toTimeInput('12:05 AM')).toBe('00:05');
    expect(toTimeInput('09:30 pm')).toBe('21:30');
    expect(fromTimeInput('00:05')).toBe('12:05 AM');
    expect(fromTimeInput('12:00')).toBe('12:00 PM');
    expect(fromTimeInput('21:30')).toBe('09:30 PM');
    expect(toTimestampInput('03/09/2024 09:30 PM')).toBe('2024-03-09T21:30');
    expect(fromTimestampInput('2024-03-09T21:30')).toBe('03/09/2024 09:30 PM');
    expect(fromTimestampInput('2024-03-09T')).toBe('');
  });
});

describe('attribute rules', () => {
  it('offers the helper tokens of spec 2 §4', () => {
    expect(helperTokens('Date')).toEqual(['@today_date', '@save']);
    expect(helperTokens('Time')).toEqual(['@today', '@save']);
    expect(helperTokens('Timestamp')).toEqual(['@today', '@save']);
    expect(helperTokens('Text')).toEqual(['@save']);
    expect(helperTokens('Read Only')).toEqual([]);
  });

  it('needs a name, a type and unique names', () => {
    expect(attributeErrors(draft({ name: '' }), []).name).toBe(DICTIONARY_MSG.nameNonEmpty);
    expect(attributeErrors(draft({ name: 'A' }), []).typeId).toBe(DICTIONARY_MSG.typeRequired);
    expect(attributeErrors(draft({ name: 'x'.repeat(49), typeId: 5 }), []).name).toBe(DICTIONARY_MSG.nameTooLong);
    expect(attributeErrors(draft({ name: ' depth ', typeId: 5 }), ['Depth']).name).toBe(
      DICTIONARY_MSG.attributeNameExists,
    );
    expect(attributeErrors(draft({ name: 'Depth', typeId: 5 }), ['Width'])).toEqual({});
  });

  it('checks defaults by type', () => {
    const int = attributeTypeId('Int');
    expect(attributeErrors(draft({ name: 'N', typeId: int, defaultValue: '12a' }), []).defaultValue).toBe(
      DICTIONARY_MSG.badDefault,
    );
    expect(attributeErrors(draft({ name: 'N', typeId: int, defaultValue: '12' }), [])).toEqual({});
    const link = attributeTypeId('Hyperlink');
    expect(attributeErrors(draft({ name: 'L', typeId: link, defaultValue: 'not a url' }), []).defaultValue).toBe(
      DICTIONARY_MSG.badHyperlink,
    );
    const readOnly = attributeTypeId('Read Only');
    expect(attributeErrors(draft({ name: 'R', typeId: readOnly }), []).defaultValue).toBe(
      DICTIONARY_MSG.readOnlyNeedsDefault,
    );
    const date = attributeTypeId('Date');
    expect(attributeErrors(draft({ name: 'D', typeId: date, defaultValue: '02/30/2024' }), []).defaultValue).toBe(
      DICTIONARY_MSG.invalidDate,
    );
    expect(attributeErrors(draft({ name: 'D', typeId: date, defaultValue: '@today_date' }), [])).toEqual({});
    expect(attributeErrors(draft({ name: 'D', typeId: date, defaultValue: '@today' }), []).defaultValue).toBe(
      DICTIONARY_MSG.badDefault,
    );
  });

  it('needs pick list values, and a default among them', () => {
    const pick = attributeTypeId('Pick List');
    expect(attributeErrors(draft({ name: 'P', typeId: pick }), []).values).toBe(DICTIONARY_MSG.pickListNeedsValue);
    const values = [{ key: 'a', value: 'Steel' }];
    expect(attributeErrors(draft({ name: 'P', typeId: pick, values }), [])).toEqual({});
    expect(attributeErrors(draft({ name: 'P', typeId: pick, values, defaultValue: 'PVC' }), []).defaultValue).toBe(
      DICTIONARY_MSG.badDefault,
    );
    const global = attributeTypeId('Global Pick List');
    expect(attributeErrors(draft({ name: 'G', typeId: global }), []).globalPickListId).toBeDefined();
  });

  it('validates pick list values', () => {
    expect(valueError(' ', [], 96)).toBe(DICTIONARY_MSG.pickListNeedsValue);
    expect(valueError('steel ', ['Steel'], 96)).toBe(DICTIONARY_MSG.pickListValueExists);
    expect(valueError('x'.repeat(65), [], 64)).toBe(DICTIONARY_MSG.pickListValueTooLong);
    expect(valueError('x'.repeat(64), [], 64)).toBeNull();
  });

  it('reads an attribute with its own or a global list', () => {
    const own = attributeDraftOf({
      id: 'a1',
      name: 'Material',
      typeId: 1,
      defaultValue: null,
      required: true,
      pickListId: 'p1',
      pickList: {
        id: 'p1',
        isGlobal: false,
        values: [
          { id: 'v2', value: 'PVC', order: 1 },
          { id: 'v1', value: 'Steel', order: 0 },
        ],
      },
    });
    expect(own.values.map((v) => v.value)).toEqual(['Steel', 'PVC']);
    expect(own.ownPickListId).toBe('p1');
    expect(own.changed).toBe(false);
    const global = attributeDraftOf({
      id: 'a2',
      name: 'Crew',
      typeId: 3,
      defaultValue: null,
      required: false,
      pickListId: 'g1',
      pickList: { id: 'g1', isGlobal: true, values: [] },
    });
    expect(global.globalPickListId).toBe('g1');
    expect(global.ownPickListId).toBeNull();
  });
});

describe('ordering', () => {
  it('moves an item and renumbers', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(reorderBody(['b', 'c', 'a'])).toEqual([
      { id: 'b', order: 0 },
      { id: 'c', order: 1 },
      { id: 'a', order: 2 },
    ]);
    expect(inOrder([{ id: 'a' }, { id: 'b' }], ['b', 'a']).map((x) => x.id)).toEqual(['b', 'a']);
    expect(inOrder([{ id: 'a' }, { id: 'b' }], null).map((x) => x.id)).toEqual(['a', 'b']);
  });
});

describe('component styles', () => {
  it('parses JSON styles and marker URLs', () => {
    expect(parseStyle(null)).toBeNull();
    expect(parseStyle('{"strokeColor":"#000000"}')?.mode).toBe('style');
    expect(parseStyle('http://localhost/rest/symbols/1/image?v=2')).toEqual({
      mode: 'marker',
      url: 'http://localhost/rest/symbols/1/image?v=2',
    });
    expect(parseStyle('garbage')).toBeNull();
  });

  it('draws with the system colour unless styling is on, and clamps', () => {
    const plain = drawnStyle({ componentStyling: false, style: '{"strokeColor":"#123456"}' }, 'Line', '#FF0000');
    expect(plain).toMatchObject({ mode: 'style', style: { strokeColor: '#FF0000', strokeWidth: 3 } });
    const own = drawnStyle(
      { componentStyling: true, style: '{"strokeColor":"#123456","strokeWidth":40}' },
      'Line',
      '#FF0000',
    );
    expect(own).toMatchObject({ mode: 'style', style: { strokeColor: '#123456', strokeWidth: 10 } });
    const marker = drawnStyle({ componentStyling: true, style: '/rest/symbols/1/image' }, 'Polygon', '#00FF00');
    expect(marker.mode).toBe('style');
    expect(
      JSON.parse(
        serializeStyle({
          mode: 'style',
          style: {
            strokeColor: '#000000',
            strokeOpacity: 1.3,
            strokeWidth: 2.2,
            fillColor: '#FFFFFF',
            fillOpacity: 0.33,
            size: 70,
          },
        }) as string,
      ),
    ).toMatchObject({ strokeOpacity: 1, strokeWidth: 2, fillOpacity: 0.35, size: 50 });
  });
});

describe('dictionary helpers', () => {
  it('names copies', () => {
    expect(copyName('Utility')).toBe('Utility-copy');
    expect(copyName('x'.repeat(48))).toHaveLength(48);
    expect(copyNameError('Gas Main ( Copy )', ['Gas Main'])).toBeNull();
    expect(copyNameError('gas main', ['Gas Main'])).toBe(DICTIONARY_MSG.copyNameTaken);
    expect(copyNameError('   ', [])).toBe(DICTIONARY_MSG.nameNonEmpty);
    expect(copyNameError('x'.repeat(129), [])).toBe(DICTIONARY_MSG.nameTooLong);
  });

  it('blocks deleting dictionaries of projects', () => {
    const base = { projectId: null, assignedProjectIds: [] as string[] };
    expect(deleteBlocked(base as never)).toBe(false);
    expect(deleteBlocked({ ...base, projectId: 'p' } as never)).toBe(true);
    expect(deleteBlocked({ ...base, assignedProjectIds: ['p'] } as never)).toBe(true);
  });

  it('groups pick list uses by system and component', () => {
    expect(
      usageTree([
        { system: 'Gas', component: 'Main', attribute: 'Material' },
        { system: 'Gas', component: 'Main', attribute: 'Pressure' },
        { system: 'Water', component: 'Main', attribute: 'Material' },
      ]),
    ).toEqual([
      { system: 'Gas', components: [{ component: 'Main', attributes: ['Material', 'Pressure'] }] },
      { system: 'Water', components: [{ component: 'Main', attributes: ['Material'] }] },
    ]);
  });

  it('reads the view state', () => {
    expect(viewStateOf({ dictionaryId: 'd1' })).toEqual({ dictionaryId: 'd1' });
    expect(viewStateOf(null)).toBeNull();
    expect(viewStateOf({ dictionaryId: 3 })).toBeNull();
  });
});
