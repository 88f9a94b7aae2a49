import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { createMember, signedInAccount, templateDictionaryId } from './factories.js';
import { lastSeq, loggedSince } from './activity-log.js';
import { call, entry, loggedCall } from './activity-settings-fixtures.js';

const APWA = 'apwa-utility-locating';

/**
 * Data dictionary writes log one entry each, in their transaction (issue #14): dictionaries, systems and
 * components in their own categories; attributes and pick lists as edits of their component or dictionary.
 */
describe('dictionary activity', () => {
  it('logs dictionaries, systems and components in their categories, attributes as component edits', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const template = await templateDictionaryId(h, APWA);
    const copy = await loggedCall(h, admin, 'POST', `/rest/dictionaries/copy/${template}`, { name: 'Locates' });
    const d = copy.body as { id: string };
    expect(copy.entries).toEqual([
      entry(admin, 'Add', 'Dictionary', "Dictionary 'Locates' added", { dictionaryId: d.id, copiedFromId: template }),
    ]);
    const renamed = await loggedCall(h, admin, 'PUT', '/rest/dictionaries', { id: d.id, name: 'Field Locates' });
    expect(renamed.entries).toEqual([
      entry(admin, 'Edit', 'Dictionary', "Dictionary 'Field Locates' edited", { previousName: 'Locates' }),
    ]);

    const addSystem = await loggedCall(h, admin, 'POST', '/rest/systems', {
      dictionaryId: d.id,
      name: 'Fiber',
      color: '#00AA00',
    });
    const system = addSystem.body as { id: string };
    expect(addSystem.entries).toEqual([
      entry(admin, 'Add', 'System (Dictionary)', "System 'Fiber' added", { systemId: system.id, dictionaryId: d.id }),
    ]);
    const editSystem = { id: system.id, dictionaryId: d.id, name: 'Optic' };
    expect((await loggedCall(h, admin, 'PUT', `/rest/systems/${system.id}`, editSystem)).entries).toEqual([
      entry(admin, 'Edit', 'System (Dictionary)', "System 'Optic' edited", { previousName: 'Fiber' }),
    ]);

    // The web app saves a component as: its new attributes, then the component that attaches them.
    const addNote = await loggedCall(h, admin, 'POST', '/rest/component-attributes', { name: 'Note', typeId: 6 });
    const note = addNote.body as { id: string };
    expect(addNote.entries).toEqual([
      entry(admin, 'Edit', 'Component (Dictionary)', "Attribute 'Note' added", {
        attributeId: note.id,
        componentId: null,
      }),
    ]);
    const addComponent = await loggedCall(h, admin, 'POST', '/rest/components', {
      systemId: system.id,
      componentTypeId: 2,
      alias: 'Route',
      attributeIdList: [note.id],
    });
    const component = addComponent.body as { id: string };
    expect(addComponent.entries).toEqual([
      entry(admin, 'Add', 'Component (Dictionary)', "Component 'Route' added", {
        componentId: component.id,
        systemId: system.id,
        dictionaryId: d.id,
      }),
    ]);
    const editNote = { id: note.id, name: 'Remark', typeId: 6 };
    expect((await loggedCall(h, admin, 'PUT', `/rest/component-attributes/${note.id}`, editNote)).entries).toEqual([
      entry(admin, 'Edit', 'Component (Dictionary)', "Attribute 'Remark' edited", {
        componentId: component.id,
        componentName: 'Route',
        changes: ['name'],
        previousName: 'Note',
      }),
    ]);
    const editComponent = { id: component.id, alias: 'Main route', attributeIdList: [note.id] };
    expect((await loggedCall(h, admin, 'PUT', `/rest/components/${component.id}`, editComponent)).entries).toEqual([
      entry(admin, 'Edit', 'Component (Dictionary)', "Component 'Main route' edited", {
        changes: ['alias'],
        previousName: 'Route',
      }),
    ]);
    const copied = await loggedCall(h, admin, 'POST', `/rest/components/${component.id}/copy`);
    expect(copied.entries).toEqual([
      entry(admin, 'Add', 'Component (Dictionary)', "Component 'Main route ( Copy )' added", {
        componentId: copied.body.id,
        copiedFromId: component.id,
      }),
    ]);
    const order = [
      { id: copied.body.id, order: 0 },
      { id: component.id, order: 1 },
    ];
    expect((await loggedCall(h, admin, 'PUT', `/rest/systems/${system.id}/reorderComponents`, order)).entries).toEqual([
      entry(admin, 'Edit', 'System (Dictionary)', "System 'Optic' edited", { changes: ['componentOrder'] }),
    ]);
    const attributeOrder = [{ id: note.id, order: 0 }];
    const reorderAttributes = `/rest/components/${component.id}/reorderAttributes`;
    expect((await loggedCall(h, admin, 'PUT', reorderAttributes, attributeOrder)).entries).toEqual([
      entry(admin, 'Edit', 'Component (Dictionary)', "Component 'Main route' edited", { changes: ['attributeOrder'] }),
    ]);
    expect((await loggedCall(h, admin, 'DELETE', `/rest/component-attributes/${note.id}`)).entries).toEqual([
      entry(admin, 'Edit', 'Component (Dictionary)', "Attribute 'Remark' deleted", { attributeId: note.id }),
    ]);
    expect((await loggedCall(h, admin, 'DELETE', `/rest/components/${copied.body.id}`)).entries).toEqual([
      entry(admin, 'Delete', 'Component (Dictionary)', "Component 'Main route ( Copy )' deleted"),
    ]);
    expect((await loggedCall(h, admin, 'DELETE', `/rest/systems/${system.id}`)).entries).toEqual([
      entry(admin, 'Delete', 'System (Dictionary)', "System 'Optic' deleted", { systemId: system.id }),
    ]);

    const systems = (await call(h, admin, 'GET', `/rest/dictionaries/${d.id}`)).body.systems as Array<{ id: string }>;
    const reversed = systems.map((s, i) => ({ id: s.id, order: systems.length - i }));
    expect((await loggedCall(h, admin, 'PUT', `/rest/dictionaries/${d.id}/reorderSystems`, reversed)).entries).toEqual([
      entry(admin, 'Edit', 'Dictionary', "Dictionary 'Field Locates' edited", { changes: ['systemOrder'] }),
    ]);
    const deleted = await loggedCall(h, admin, 'DELETE', `/rest/dictionaries/${d.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.entries).toEqual([
      entry(admin, 'Delete', 'Dictionary', "Dictionary 'Field Locates' deleted", { dictionaryId: d.id }),
    ]);
  });

  it('logs pick list writes as edits of the dictionary', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const d = (
      await call(h, admin, 'POST', `/rest/dictionaries/copy/${await templateDictionaryId(h, APWA)}`, { name: 'L' })
    ).body;
    const added = await loggedCall(h, admin, 'POST', '/rest/pick-lists', {
      name: 'Owners',
      values: [{ value: 'City' }],
      dictionaryId: d.id,
    });
    const list = added.body as { id: string; values: Array<{ id: string }> };
    expect(added.entries).toEqual([
      entry(admin, 'Edit', 'Dictionary', "Pick list 'Owners' added", { pickListId: list.id, dictionaryId: d.id }),
    ]);
    const values = [{ id: list.values[0]!.id, value: 'City' }, { value: 'County' }];
    const edit = { id: list.id, name: 'Owner', dictionaryId: d.id, values };
    expect((await loggedCall(h, admin, 'PUT', `/rest/pick-lists/${list.id}`, edit)).entries).toEqual([
      entry(admin, 'Edit', 'Dictionary', "Pick list 'Owner' edited", { previousName: 'Owners', values: 2 }),
    ]);
    expect((await loggedCall(h, admin, 'DELETE', `/rest/pick-lists/${list.id}`)).entries).toEqual([
      entry(admin, 'Edit', 'Dictionary', "Pick list 'Owner' deleted", { pickListId: list.id }),
    ]);

    const globalList = { name: 'Crews', values: [{ value: 'North' }], isGlobal: true };
    const crews = await loggedCall(h, admin, 'POST', '/rest/pick-lists', globalList);
    expect(crews.entries).toEqual([
      entry(admin, 'Edit', 'Dictionary', "Global pick list 'Crews' added", { dictionaryId: null }),
    ]);
    const crew = (
      await call(h, admin, 'POST', '/rest/component-attributes', { name: 'Crew', typeId: 3, pickListId: crews.body.id })
    ).body;
    const link = { pickListId: crews.body.id, attributeIds: [crew.id] };
    const linkUrl = '/rest/component-attributes/update-attributes-global-picklist';
    expect((await loggedCall(h, admin, 'POST', linkUrl, link)).entries).toEqual([
      entry(admin, 'Edit', 'Dictionary', "Global pick list 'Crews' edited", { linkedAttributeIds: [crew.id] }),
    ]);
    const dropUrl = `/rest/component-attributes/delete-attributes-global-picklist/${crews.body.id}`;
    expect((await loggedCall(h, admin, 'DELETE', dropUrl)).entries).toEqual([
      entry(admin, 'Edit', 'Dictionary', "Global pick list 'Crews' deleted", { pickListId: crews.body.id }),
    ]);
  });

  it('logs nothing for a refused or failed write', async () => {
    const h = await harness();
    const admin = await signedInAccount(h);
    const viewer = await createMember(h, admin.organizationId, 'viewer');
    const template = await templateDictionaryId(h, APWA);
    const d = (await call(h, admin, 'POST', `/rest/dictionaries/copy/${template}`, { name: 'Mine' })).body;
    const system = d.systems[0] as { id: string; name: string };
    const since = await lastSeq(h);
    expect((await call(h, viewer, 'PUT', '/rest/dictionaries', { id: d.id, name: 'Theirs' })).status).toBe(403);
    expect((await call(h, admin, 'PUT', '/rest/dictionaries', { id: template, name: 'Template' })).status).toBe(403);
    const taken = { dictionaryId: d.id, name: system.name.toUpperCase(), color: '#123456' };
    expect((await call(h, admin, 'POST', '/rest/systems', taken)).status).toBe(409);
    expect((await call(h, viewer, 'DELETE', `/rest/systems/${system.id}`)).status).toBe(403);
    const globalList = { name: 'G', values: [{ value: 'x' }], isGlobal: true };
    expect((await call(h, viewer, 'POST', '/rest/pick-lists', globalList)).status).toBe(403);
    expect(await loggedSince(h, admin.organizationId, since)).toEqual([]);
  });
});
