import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTRIBUTE_TYPES,
  COMPONENT_TYPES,
  copyDictionarySchema,
  dictionaryOut,
  dictionarySummaryOut,
  renameDictionarySchema,
  reorderSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import * as dictionaries from './service.js';
import { member, orgQuery, idParams } from '../http/route-parts.js';

const tags = ['dictionaries'];

/** Data dictionaries of spec 2 §7 (systems, components, attributes and pick lists in parts-routes.ts). */
export function dictionaryRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/rest/dictionaries',
      {
        config: member,
        schema: {
          tags,
          summary: "Provider templates and the organization's dictionaries",
          querystring: orgQuery.extend({ flat: z.enum(['true', 'false']).optional() }),
          response: { 200: z.array(z.union([dictionaryOut, dictionarySummaryOut])) },
        },
      },
      (req) => dictionaries.listDictionaries(deps, callerOf(req), req.query.flat === 'true'),
    );

    r.get(
      '/rest/dictionaries/organization/count',
      {
        config: member,
        schema: {
          tags,
          summary: "Number of the organization's dictionaries",
          querystring: orgQuery,
          response: { 200: z.object({ count: z.number().int() }) },
        },
      },
      (req) => dictionaries.countOrganizationDictionaries(deps, callerOf(req)),
    );

    r.get(
      '/rest/dictionaries/:id',
      {
        config: member,
        schema: {
          tags,
          summary:
            'A dictionary with systems, components, attributes and pick lists (with the global lists its attributes use when includeGlobalPickListsOnAttributes=true)',
          params: idParams,
          querystring: orgQuery.extend({ includeGlobalPickListsOnAttributes: z.enum(['true', 'false']).optional() }),
          response: { 200: dictionaryOut },
        },
      },
      (req) =>
        dictionaries.getDictionary(deps, callerOf(req), req.params.id, {
          includeGlobalPickLists: req.query.includeGlobalPickListsOnAttributes === 'true',
        }),
    );

    r.post(
      '/rest/dictionaries/copy/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Create a dictionary from a template or copy one',
          params: idParams,
          querystring: orgQuery,
          body: copyDictionarySchema,
          response: { 201: dictionaryOut },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await dictionaries.copyDictionary(deps, callerOf(req), req.params.id, req.body)),
    );

    r.put(
      '/rest/dictionaries',
      {
        config: member,
        schema: {
          tags,
          summary: 'Rename a dictionary',
          querystring: orgQuery,
          body: renameDictionarySchema,
          response: { 200: dictionaryOut },
        },
      },
      (req) => dictionaries.renameDictionary(deps, callerOf(req), req.body.id, req.body.name),
    );

    r.delete(
      '/rest/dictionaries/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Delete a company dictionary not used by any project',
          params: idParams,
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await dictionaries.deleteDictionary(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    r.put(
      '/rest/dictionaries/:id/reorderSystems',
      {
        config: member,
        schema: {
          tags,
          summary: 'Reorder the systems of a dictionary',
          params: idParams,
          querystring: orgQuery,
          body: reorderSchema,
          response: { 200: dictionaryOut },
        },
      },
      (req) => dictionaries.reorderSystems(deps, callerOf(req), req.params.id, req.body),
    );

    r.get(
      '/rest/component-types',
      {
        config: member,
        schema: {
          tags,
          summary: 'Point, Line and Polygon',
          response: { 200: z.array(z.object({ id: z.number(), name: z.string() })) },
        },
      },
      () => [...COMPONENT_TYPES],
    );

    r.get(
      '/rest/component-attribute-types',
      {
        config: member,
        schema: {
          tags,
          summary: 'The 13 attribute types',
          response: { 200: z.array(z.object({ id: z.number(), name: z.string() })) },
        },
      },
      () => [...ATTRIBUTE_TYPES],
    );
  };
}
