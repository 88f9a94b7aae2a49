import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictComponent } from '../../../api/dictionaries';
import { saveComponent } from './component-save';
import type { AttributeDraft } from './model';

// The server keeps attribute names unique per component; this fake does the same.
const names = new Map<string, string>();
const calls: string[] = [];
vi.mock('../../../api/dictionaries', () => ({
  dictionariesApi: {
    updateAttribute: vi.fn(async (id: string, body: { name: string }) => {
      const clash = [...names].some(([other, name]) => other !== id && name.toLowerCase() === body.name.toLowerCase());
      if (clash) throw new Error('app.dictionary.attribute.name-exists');
      names.set(id, body.name);
      calls.push(`${id}:${body.name}`);
      return { id, name: body.name };
    }),
    updateComponent: vi.fn(async (id: string, body: { attributeIdList: string[] }) => ({
      id,
      attributeIdList: body.attributeIdList,
    })),
  },
}));

const attr = (id: string, name: string) => ({
  id,
  name,
  typeId: 5,
  defaultValue: null,
  required: false,
  pickListId: null,
  pickList: null,
});
const draft = (id: string, name: string, changed: boolean): AttributeDraft => ({
  key: id,
  id,
  name,
  typeId: 5,
  defaultValue: '',
  required: false,
  values: [],
  ownPickListId: null,
  globalPickListId: null,
  changed,
});

describe('saving a component', () => {
  beforeEach(() => {
    names.clear();
    calls.length = 0;
    names.set('a', 'Owner').set('b', 'Material').set('c', 'Depth');
  });
  const existing = {
    id: 'comp',
    attributes: [attr('a', 'Owner'), attr('b', 'Material'), attr('c', 'Depth')],
  } as unknown as DictComponent;
  const save = (attributes: AttributeDraft[]) =>
    saveComponent({
      dictionaryId: 'd',
      organizationId: 'o',
      systemId: 's',
      existing,
      stylingEnabled: false,
      draft: { alias: 'Pipe', componentTypeId: 2, attributes, styling: false, style: {} as never },
    });

  it('swaps two attribute names in one save', async () => {
    await save([draft('a', 'Material', true), draft('b', 'Owner', true), draft('c', 'Depth', false)]);
    expect([...names.values()]).toEqual(['Material', 'Owner', 'Depth']);
  });

  it('still refuses a name another attribute keeps', async () => {
    await expect(
      save([draft('a', 'depth', true), draft('b', 'Material', false), draft('c', 'Depth', false)]),
    ).rejects.toThrow('name-exists');
    expect(names.get('c')).toBe('Depth');
  });
});
