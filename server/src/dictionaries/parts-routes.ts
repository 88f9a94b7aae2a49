import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  copyComponentNameField,
  attributeOut,
  componentOut,
  createAttributeSchema,
  createComponentSchema,
  createSystemSchema,
  pickListOut,
  pickListSchema,
  reorderSchema,
  searchIndexSchema,
  systemOut,
  updateAttributeSchema,
  updateComponentSchema,
  updatePickListSchema,
  updateSystemSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import * as systems from './systems.js';
import * as components from './components.js';
import * as attributes from './attributes.js';
import * as pickLists from './picklists.js';
import { member, orgQuery, idParams } from '../http/route-parts.js';

const noContent = { 204: z.null() };

/** Systems, components, attributes and pick lists of dictionaries (spec 2 §7). */
export function dictionaryPartRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const del = (
      url: string,
      tag: string,
      summary: string,
      run: (id: string, req: { caller: ReturnType<typeof callerOf> }) => Promise<void>,
    ) =>
      r.delete(
        url,
        {
          config: member,
          schema: { tags: [tag], summary, params: idParams, querystring: orgQuery, response: noContent },
        },
        async (req, reply) => {
          await run(req.params.id, { caller: callerOf(req) });
          return reply.status(204).send(null);
        },
      );

    // Systems
    r.get(
      '/rest/systems',
      {
        config: member,
        schema: {
          tags: ['systems'],
          summary: 'Systems (optionally of one dictionary)',
          querystring: orgQuery.extend({ dictionaryId: z.string().uuid().optional() }),
        },
      },
      (req) => systems.listSystems(deps, callerOf(req), req.query.dictionaryId),
    );
    r.post(
      '/rest/systems',
      {
        config: member,
        schema: {
          tags: ['systems'],
          summary: 'Add a system',
          querystring: orgQuery,
          body: createSystemSchema,
          response: { 201: systemOut },
        },
      },
      async (req, reply) => reply.status(201).send(await systems.createSystem(deps, callerOf(req), req.body)),
    );
    r.put(
      '/rest/systems/:id',
      {
        config: member,
        schema: {
          tags: ['systems'],
          summary: 'Rename or recolour a system',
          params: idParams,
          querystring: orgQuery,
          body: updateSystemSchema,
          response: { 200: systemOut },
        },
      },
      (req) => systems.updateSystem(deps, callerOf(req), req.params.id, req.body),
    );
    del('/rest/systems/:id', 'systems', 'Delete a system with its components', (id, { caller }) =>
      systems.deleteSystem(deps, caller, id),
    );
    r.put(
      '/rest/systems/:id/reorderComponents',
      {
        config: member,
        schema: {
          tags: ['systems'],
          summary: 'Reorder components',
          params: idParams,
          querystring: orgQuery,
          body: reorderSchema,
          response: { 200: systemOut },
        },
      },
      (req) => systems.reorderComponents(deps, callerOf(req), req.params.id, req.body),
    );

    // Components
    r.get(
      '/rest/components',
      {
        config: member,
        schema: {
          tags: ['components'],
          summary: 'Components of a system',
          querystring: orgQuery.extend({ systemId: z.string().uuid().optional() }),
          response: { 200: z.array(componentOut) },
        },
      },
      (req) => components.listComponents(deps, callerOf(req), req.query.systemId),
    );
    r.post(
      '/rest/components',
      {
        config: member,
        schema: {
          tags: ['components'],
          summary: 'Add a component with its attributes',
          querystring: orgQuery,
          body: createComponentSchema,
          response: { 201: componentOut },
        },
      },
      async (req, reply) => reply.status(201).send(await components.createComponent(deps, callerOf(req), req.body)),
    );
    r.put(
      '/rest/components/:id',
      {
        config: member,
        schema: {
          tags: ['components'],
          summary: 'Edit a component (attributes, styling) in one transaction',
          params: idParams,
          querystring: orgQuery,
          body: updateComponentSchema,
          response: { 200: componentOut },
        },
      },
      (req) => components.updateComponent(deps, callerOf(req), req.params.id, req.body),
    );
    del('/rest/components/:id', 'components', 'Delete a component', (id, { caller }) =>
      components.deleteComponent(deps, caller, id),
    );
    r.post(
      '/rest/components/:id/copy',
      {
        config: member,
        schema: {
          tags: ['components'],
          summary: 'Copy a component',
          params: idParams,
          querystring: orgQuery.extend({ name: copyComponentNameField.optional() }),
          response: { 201: componentOut },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await components.copyComponent(deps, callerOf(req), req.params.id, req.query.name)),
    );
    r.put(
      '/rest/components/:id/reorderAttributes',
      {
        config: member,
        schema: {
          tags: ['components'],
          summary: 'Reorder attributes',
          params: idParams,
          querystring: orgQuery,
          body: reorderSchema,
          response: { 200: componentOut },
        },
      },
      (req) => components.reorderAttributes(deps, callerOf(req), req.params.id, req.body),
    );

    // Attributes
    r.post(
      '/rest/component-attributes',
      {
        config: member,
        schema: {
          tags: ['attributes'],
          summary: 'Create an attribute (attached by saving its component)',
          querystring: orgQuery,
          body: createAttributeSchema,
          response: { 201: attributeOut },
        },
      },
      async (req, reply) => reply.status(201).send(await attributes.createAttribute(deps, callerOf(req), req.body)),
    );
    r.put(
      '/rest/component-attributes/:id',
      {
        config: member,
        schema: {
          tags: ['attributes'],
          summary: 'Edit an attribute',
          params: idParams,
          querystring: orgQuery,
          body: updateAttributeSchema,
          response: { 200: attributeOut },
        },
      },
      (req) => attributes.updateAttribute(deps, callerOf(req), req.params.id, req.body),
    );
    del('/rest/component-attributes/:id', 'attributes', 'Delete an attribute', (id, { caller }) =>
      attributes.deleteAttribute(deps, caller, id),
    );
    // Not logged: search bookkeeping the web app sends after a component save, which is logged itself.
    r.post(
      '/rest/component-attributes/search-index',
      {
        config: member,
        schema: {
          tags: ['attributes'],
          summary: 'Record attribute names of a component for search',
          querystring: orgQuery,
          body: searchIndexSchema,
        },
      },
      (req) => attributes.indexForSearch(deps, callerOf(req), req.body),
    );
    r.post(
      '/rest/component-attributes/update-attributes-global-picklist',
      {
        config: member,
        schema: {
          tags: ['attributes'],
          summary: 'Link attributes to a global pick list',
          querystring: orgQuery,
          body: z.object({ pickListId: z.string().uuid(), attributeIds: z.array(z.string().uuid()).min(1) }),
        },
      },
      (req) => attributes.linkGlobalPickList(deps, callerOf(req), req.body),
    );
    del(
      '/rest/component-attributes/delete-attributes-global-picklist/:id',
      'attributes',
      'Detach attributes from a global pick list and delete it',
      (id, { caller }) => attributes.deleteGlobalPickList(deps, caller, id),
    );

    // Pick lists
    const manager = z.object({ manager: z.enum(['true', 'false']).optional() });
    r.post(
      '/rest/pick-lists',
      {
        config: member,
        schema: {
          tags: ['pick lists'],
          summary: 'Create a pick list',
          querystring: orgQuery.merge(manager),
          body: pickListSchema,
          response: { 201: pickListOut },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await pickLists.createPickList(deps, callerOf(req), req.body, req.query.manager === 'true')),
    );
    r.put(
      '/rest/pick-lists/:id',
      {
        config: member,
        schema: {
          tags: ['pick lists'],
          summary: 'Edit a pick list and its values',
          params: idParams,
          querystring: orgQuery.merge(manager),
          body: updatePickListSchema,
          response: { 200: pickListOut },
        },
      },
      (req) => pickLists.updatePickList(deps, callerOf(req), req.params.id, req.body, req.query.manager === 'true'),
    );
    del('/rest/pick-lists/:id', 'pick lists', 'Delete a pick list', (id, { caller }) =>
      pickLists.deletePickList(deps, caller, id),
    );
    r.get(
      '/rest/pick-lists/:id',
      {
        config: member,
        schema: {
          tags: ['pick lists'],
          summary: 'A pick list',
          params: idParams,
          querystring: orgQuery,
          response: { 200: pickListOut },
        },
      },
      (req) => pickLists.getPickList(deps, callerOf(req), req.params.id),
    );
    r.get(
      '/rest/pick-lists/list/:dictionaryId',
      {
        config: member,
        schema: {
          tags: ['pick lists'],
          summary: 'Pick lists of a dictionary and the global ones, with where they are used',
          params: z.object({ dictionaryId: z.string().uuid() }),
          querystring: orgQuery,
        },
      },
      (req) => pickLists.listPickLists(deps, callerOf(req), req.params.dictionaryId),
    );
  };
}
