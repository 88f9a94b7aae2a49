import { describe, expect, it } from 'vitest';
import { harness, type Harness } from './harness.js';
import { createMember, signedInAccount, type SignedIn } from './factories.js';

const call = async (
  h: Harness,
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const res = await h.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

async function apwaId(h: Harness, who: SignedIn): Promise<string> {
  const list = (await call(h, who, 'GET', '/rest/dictionaries?flat=true')).body as Array<{
    id: string;
    name: string;
    organizationId: string | null;
  }>;
  return list.find((d) => d.organizationId === null && d.name.startsWith('Utility Locating'))!.id;
}

async function ownDictionary(h: Harness, admin: SignedIn, name = 'Locates') {
  const created = await call(h, admin, 'POST', `/rest/dictionaries/copy/${await apwaId(h, admin)}`, { name });
  expect(created.status).toBe(201);
  return created.body;
}

describe('dictionaries', () => {
  it('lists the read-only provider templates and creates an editable copy from one', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const list = (await call(h, admin, 'GET', '/rest/dictionaries?flat=true')).body;
    expect(
      list
        .filter((d: { organizationId: string | null }) => d.organizationId === null)
        .map((d: { name: string }) => d.name),
    ).toEqual(
      expect.arrayContaining(['Utility Locating (APWA Uniform Color Code)', 'Topographic Survey', 'Asset Inventory']),
    );
    const template = (await call(h, admin, 'GET', `/rest/dictionaries/${await apwaId(h, admin)}`)).body;
    expect(template).toMatchObject({ isReadonly: true, editable: false });
    expect(template.systems[0]).toMatchObject({ name: 'Electric', color: '#FF0000' });

    const copy = await ownDictionary(h, admin, ' My Locates ');
    expect(copy).toMatchObject({
      name: 'My Locates',
      organizationId: admin.organizationId,
      editable: true,
      isReadonly: false,
      copiedFromId: template.id,
    });
    expect(copy.systems.map((s: { name: string }) => s.name)).toEqual(
      template.systems.map((s: { name: string }) => s.name),
    );
    const line = copy.systems[0].components.find((c: { alias: string }) => c.alias === 'Electric Line');
    const status = line.attributes.find((a: { name: string }) => a.name === 'Locate Status');
    expect(status.pickList.values.map((v: { value: string }) => v.value)).toContain('Marked');
    expect(status.pickList.dictionaryId).toBe(copy.id);
    expect((await call(h, admin, 'GET', '/rest/dictionaries/organization/count')).body).toEqual({ count: 1 });
  });

  it('refuses editing provider templates and bad names', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const template = await apwaId(h, admin);
    expect((await call(h, admin, 'PUT', '/rest/dictionaries', { id: template, name: 'Mine' })).body.message).toBe(
      'app.dictionary.not-editable',
    );
    expect((await call(h, admin, 'POST', `/rest/dictionaries/copy/${template}`, { name: '  ' })).body.message).toBe(
      'app.dictionary.name.non-empty',
    );
    expect(
      (await call(h, admin, 'POST', `/rest/dictionaries/copy/${template}`, { name: 'x'.repeat(49) })).body.message,
    ).toBe('app.dictionary.name.too-long');
    const copy = await ownDictionary(h, admin);
    expect((await call(h, admin, 'PUT', '/rest/dictionaries', { id: copy.id, name: 'Renamed' })).body.name).toBe(
      'Renamed',
    );
  });

  it('blocks deleting a dictionary assigned to a project, allows it otherwise', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const copy = await ownDictionary(h, admin);
    await h.db
      .insertInto('projects')
      .values({ organization_id: admin.organizationId, name: 'P1', dictionary_id: copy.id, site_id: null })
      .execute();
    const blocked = await call(h, admin, 'DELETE', `/rest/dictionaries/${copy.id}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('app.dictionary.in-use');
    const other = await ownDictionary(h, admin, 'Unused');
    expect((await call(h, admin, 'DELETE', `/rest/dictionaries/${other.id}`)).status).toBe(204);
  });

  it('keeps other organizations out and non-admins read-only', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const copy = await ownDictionary(h, admin);
    const outsider = await signedInAccount(h);
    expect((await call(h, outsider, 'GET', `/rest/dictionaries/${copy.id}`)).status).toBe(404);
    expect(
      (await call(h, outsider, 'GET', '/rest/dictionaries?flat=true')).body.some(
        (d: { id: string }) => d.id === copy.id,
      ),
    ).toBe(false);
    expect((await call(h, outsider, 'DELETE', `/rest/dictionaries/${copy.id}`)).status).toBe(404);
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    expect((await call(h, viewer, 'GET', `/rest/dictionaries/${copy.id}`)).body.id).toBe(copy.id);
    expect(
      (await call(h, viewer, 'POST', '/rest/systems', { name: 'S', color: '#112233', dictionaryId: copy.id })).status,
    ).toBe(403);
  });
});

describe('systems and components', () => {
  it('lets only one of two concurrent adds of a name equal but for case succeed (unique index)', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const d = await ownDictionary(h, admin);
    const both = await Promise.all(
      ['Conduit', 'CONDUIT'].map((name) =>
        call(h, admin, 'POST', '/rest/systems', { dictionaryId: d.id, name, color: '#123456' }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.status === 409)!.body.message).toBe('app.dictionary.system.existed');
    // The database refuses it too, whatever the service checked before.
    const insert = h.db
      .insertInto('systems')
      .values({ dictionary_id: d.id, name: 'conduit', color: '#123456', sort_order: 99 })
      .execute();
    await expect(insert).rejects.toMatchObject({ code: '23505' });
    const names = (await call(h, admin, 'GET', `/rest/dictionaries/${d.id}`)).body.systems.map((s: { name: string }) =>
      s.name.toLowerCase(),
    );
    expect(names.filter((n: string) => n === 'conduit')).toHaveLength(1);
  });

  it('adds systems (unique names, hex colours), edits only on change, and reorders', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const d = await ownDictionary(h, admin);
    const add = (body: object) => call(h, admin, 'POST', '/rest/systems', { dictionaryId: d.id, ...body });
    const fiber = await add({ name: 'Fiber', color: '#00aa00' });
    expect(fiber.status).toBe(201);
    expect((await add({ name: 'FIBER', color: '#00aa00' })).body.message).toBe('app.dictionary.system.existed');
    expect((await add({ name: 'Bad', color: '#00aa0' })).body.message).toBe('app.dictionary.color.invalid-hex');
    expect((await add({ name: 'Bad', color: 'red' })).body.message).toBe('app.dictionary.color.invalid-hex');
    const same = await call(h, admin, 'PUT', `/rest/systems/${fiber.body.id}`, {
      id: fiber.body.id,
      dictionaryId: d.id,
      name: 'Fiber',
      color: '#00AA00',
    });
    expect(same.body.message).toBe('app.dictionary.nothing-changed');

    const ids: string[] = (await call(h, admin, 'GET', `/rest/dictionaries/${d.id}`)).body.systems.map(
      (s: { id: string }) => s.id,
    );
    const reversed = [...ids].reverse().map((id, order) => ({ id, order }));
    const reordered = await call(h, admin, 'PUT', `/rest/dictionaries/${d.id}/reorderSystems`, reversed);
    expect(reordered.body.systems.map((s: { id: string }) => s.id)).toEqual([...ids].reverse());
    const foreign = await call(h, admin, 'PUT', `/rest/dictionaries/${d.id}/reorderSystems`, [
      { id: '00000000-0000-4000-8000-000000000000', order: 0 },
    ]);
    expect(foreign.status).toBe(400);
  });

  it('creates a line component with a pick list attribute and a date defaulting to today, then edits it in one go', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const d = await ownDictionary(h, admin);
    const system = (
      await call(h, admin, 'POST', '/rest/systems', { dictionaryId: d.id, name: 'Fiber', color: '#00AA00' })
    ).body;
    const list = await call(h, admin, 'POST', '/rest/pick-lists', {
      name: 'Count',
      values: [{ value: '12' }, { value: '24' }, { value: '48' }],
      dictionaryId: d.id,
    });
    expect(list.status).toBe(201);
    const strands = (
      await call(h, admin, 'POST', '/rest/component-attributes', {
        name: 'Strands',
        typeId: 1,
        pickListId: list.body.id,
        required: true,
      })
    ).body;
    const placed = (
      await call(h, admin, 'POST', '/rest/component-attributes', {
        name: 'Placed',
        typeId: 8,
        defaultValue: '@today_date',
      })
    ).body;
    const note = (await call(h, admin, 'POST', '/rest/component-attributes', { name: 'Note', typeId: 6 })).body;
    const component = await call(h, admin, 'POST', '/rest/components', {
      systemId: system.id,
      componentTypeId: 2,
      alias: 'Fiber Route',
      attributeIdList: [strands.id, placed.id, note.id],
    });
    expect(component.status).toBe(201);
    expect(component.body.componentType.name).toBe('Line');
    expect(component.body.attributes.map((a: { name: string }) => a.name)).toEqual(['Strands', 'Placed', 'Note']);
    expect(component.body.attributes[1]).toMatchObject({ defaultValue: '@today_date', type: { name: 'Date' } });

    expect(
      (
        await call(h, admin, 'POST', '/rest/components', {
          systemId: system.id,
          componentTypeId: 2,
          alias: 'fiber route',
        })
      ).body.message,
    ).toBe('app.dictionary.component.name-taken');

    // Remove Strands (its own pick list goes too), keep Placed, add a Hyperlink attribute.
    const link = (
      await call(h, admin, 'POST', '/rest/component-attributes', {
        name: 'As-built',
        typeId: 13,
        defaultValue: 'https://maps.example.com/asbuilt',
      })
    ).body;
    const edited = await call(h, admin, 'PUT', `/rest/components/${component.body.id}`, {
      id: component.body.id,
      attributeIdList: [placed.id, link.id],
    });
    expect(edited.body.attributes.map((a: { name: string }) => a.name)).toEqual(['Placed', 'As-built']);
    expect(
      await h.db.selectFrom('pick_lists').select('id').where('id', '=', list.body.id).executeTakeFirst(),
    ).toBeUndefined();

    // A bad attribute in the list rolls the whole edit back.
    const before = await call(h, admin, 'GET', `/rest/dictionaries/${d.id}`);
    const broken = await call(h, admin, 'PUT', `/rest/components/${component.body.id}`, {
      id: component.body.id,
      alias: 'Renamed',
      attributeIdList: [placed.id, '00000000-0000-4000-8000-000000000001'],
    });
    expect(broken.status).toBe(404);
    expect((await call(h, admin, 'GET', `/rest/dictionaries/${d.id}`)).body.systems).toEqual(before.body.systems);

    const copy = await call(h, admin, 'POST', `/rest/components/${component.body.id}/copy`);
    expect(copy.body.alias).toBe('Fiber Route ( Copy )');
    expect(
      (
        await call(
          h,
          admin,
          'POST',
          `/rest/components/${component.body.id}/copy?name=${encodeURIComponent(' fiber route ( copy ) ')}`,
        )
      ).body.message,
    ).toBe('app.dictionary.component.copy-name-taken');
  });

  it.each([
    ['Int digits only', { typeId: 4, defaultValue: '12a' }, 'app.dictionary.attribute.bad-default'],
    ['Date format', { typeId: 8, defaultValue: '2024-01-31' }, 'app.dictionary.attribute.invalid-date'],
    ['impossible date', { typeId: 8, defaultValue: '02/30/2024' }, 'app.dictionary.attribute.invalid-date'],
    ['Time format', { typeId: 7, defaultValue: '25:00 pm' }, 'app.dictionary.attribute.invalid-date'],
    ['@today on a Date', { typeId: 8, defaultValue: '@today' }, 'app.dictionary.attribute.bad-default'],
    ['Hyperlink', { typeId: 13, defaultValue: 'not a url' }, 'app.dictionary.attribute.bad-hyperlink'],
    ['Boolean', { typeId: 11, defaultValue: 'yes' }, 'app.dictionary.attribute.bad-default'],
    ['Text over 96', { typeId: 5, defaultValue: 'x'.repeat(97) }, 'app.dictionary.attribute.default-too-long'],
    ['Read Only without default', { typeId: 12 }, 'app.dictionary.attribute.read-only-needs-default'],
    ['pick list without values', { typeId: 1 }, 'app.dictionary.picklist.needs-value'],
    ['no type', { typeId: 99 }, 'app.dictionary.attribute.type-required'],
    ['long name', { typeId: 5, name: 'n'.repeat(49) }, 'app.dictionary.name.too-long'],
  ])('rejects an attribute with a bad %s', async (_label, body, message) => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const before = await h.db
      .selectFrom('attributes')
      .select('id')
      .where('organization_id', '=', admin.organizationId)
      .execute();
    const res = await call(h, admin, 'POST', '/rest/component-attributes', { name: 'Attr', ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(
      await h.db.selectFrom('attributes').select('id').where('organization_id', '=', admin.organizationId).execute(),
    ).toEqual(before);
  });

  it('forces required off for Read Only and accepts the helper tokens', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const ro = await call(h, admin, 'POST', '/rest/component-attributes', {
      name: 'Fixed',
      typeId: 12,
      defaultValue: 'Company',
      required: true,
    });
    expect(ro.body.required).toBe(false);
    for (const [typeId, defaultValue] of [
      [9, '@today'],
      [7, '@today'],
      [5, '@save'],
      [9, '01/31/2024 09:30 am'],
      [10, '-12.5'],
    ] as const) {
      expect(
        (
          await call(h, admin, 'POST', '/rest/component-attributes', {
            name: `A${typeId}${defaultValue.length}`,
            typeId,
            defaultValue,
          })
        ).status,
      ).toBe(201);
    }
  });
});

describe('pick lists', () => {
  it('keeps values unique, renumbers orders, and global names unique per organization', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const d = await ownDictionary(h, admin);
    const dup = await call(h, admin, 'POST', '/rest/pick-lists', {
      name: 'Dup',
      values: [{ value: 'A' }, { value: ' a ' }],
      dictionaryId: d.id,
    });
    expect(dup.body.message).toBe('app.dictionary.picklist.value-exists');
    expect(
      (await call(h, admin, 'POST', '/rest/pick-lists', { name: 'Empty', values: [], dictionaryId: d.id })).body
        .message,
    ).toBe('app.dictionary.picklist.needs-value');
    const long = await call(h, admin, 'POST', '/rest/pick-lists?manager=true', {
      name: 'Long',
      values: [{ value: 'v'.repeat(65) }],
      dictionaryId: d.id,
    });
    expect(long.body.message).toBe('app.dictionary.picklist.value-too-long');

    const list = (
      await call(h, admin, 'POST', '/rest/pick-lists', {
        name: 'Owners',
        values: [{ value: 'City' }, { value: 'County' }],
        dictionaryId: d.id,
      })
    ).body;
    const swapped = await call(h, admin, 'PUT', `/rest/pick-lists/${list.id}`, {
      id: list.id,
      name: 'Owners',
      dictionaryId: d.id,
      values: [
        { id: list.values[1].id, value: 'County' },
        { id: list.values[0].id, value: 'City' },
        { value: 'State' },
      ],
    });
    expect(swapped.body.values.map((v: { value: string; order: number }) => [v.value, v.order])).toEqual([
      ['County', 0],
      ['City', 1],
      ['State', 2],
    ]);

    const g = await call(h, admin, 'POST', '/rest/pick-lists', {
      name: 'Crews',
      values: [{ value: 'North' }],
      isGlobal: true,
    });
    expect(g.status).toBe(201);
    expect(
      (
        await call(h, admin, 'POST', '/rest/pick-lists', {
          name: 'crews',
          values: [{ value: 'South' }],
          isGlobal: true,
        })
      ).body.message,
    ).toBe('app.dictionary.picklist.name-taken');
    const lists = (await call(h, admin, 'GET', `/rest/pick-lists/list/${d.id}`)).body.map(
      (l: { name: string }) => l.name,
    );
    expect(lists).toContain('Crews');
    expect(lists).toEqual([...lists].sort((a: string, b: string) => a.localeCompare(b)));

    // A global list used by an attribute travels with the dictionary only when asked for.
    const crew = (
      await call(h, admin, 'POST', '/rest/component-attributes', { name: 'Crew', typeId: 3, pickListId: g.body.id })
    ).body;
    const system = (
      await call(h, admin, 'POST', '/rest/systems', { dictionaryId: d.id, name: 'Crewed', color: '#112233' })
    ).body;
    expect(
      (
        await call(h, admin, 'POST', '/rest/components', {
          systemId: system.id,
          componentTypeId: 1,
          alias: 'Crew point',
          attributeIdList: [crew.id],
        })
      ).status,
    ).toBe(201);
    const names = async (include: string) =>
      (
        await call(h, admin, 'GET', `/rest/dictionaries/${d.id}?includeGlobalPickListsOnAttributes=${include}`)
      ).body.pickLists.map((l: { name: string }) => l.name);
    expect(await names('false')).not.toContain('Crews');
    expect(await names('true')).toEqual(expect.arrayContaining(['Owners', 'Crews']));
  });

  it('records attribute names for search', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const d = await ownDictionary(h, admin);
    const component = d.systems[0].components[0];
    const res = await call(h, admin, 'POST', '/rest/component-attributes/search-index', {
      componentId: component.id,
      attributes: [
        { name: 'Owner', typeId: 5 },
        { name: 'Depth (ft)', typeId: 10 },
      ],
    });
    expect(res.body).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Owner', typeId: 5 })]));
  });
});
