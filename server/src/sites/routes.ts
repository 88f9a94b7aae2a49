import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteSchema, updateSiteSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { notFound } from '../http/errors.js';
import * as sites from './service.js';
import { GEOID_MODELS, crsByCode, searchCrs } from './crs.js';
import { member, orgQuery } from '../http/route-parts.js';

const siteOut = z.object({ id: z.string(), name: z.string(), wkt: z.string(), proj: z.string().nullable() });
const crsOut = z.object({ name: z.string(), epsg: z.number().int(), wkt: z.string() });

export function siteRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['sites'];
    r.get(
      '/rest/site',
      {
        config: member,
        schema: { tags, summary: 'Site calibrations', querystring: orgQuery, response: { 200: z.array(siteOut) } },
      },
      (req) => sites.listSites(deps, callerOf(req)),
    );
    r.post(
      '/rest/site',
      {
        config: member,
        schema: {
          tags,
          summary: 'Add a site calibration',
          querystring: orgQuery,
          body: siteSchema,
          response: { 201: siteOut },
        },
      },
      async (req, reply) => reply.status(201).send(await sites.createSite(deps, callerOf(req), req.body)),
    );
    r.put(
      '/rest/site',
      {
        config: member,
        schema: {
          tags,
          summary: 'Edit a site calibration',
          querystring: orgQuery,
          body: updateSiteSchema,
          response: { 200: siteOut },
        },
      },
      (req) => sites.updateSite(deps, callerOf(req), req.body),
    );
    r.delete(
      '/rest/site/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Delete a site calibration not used by a project',
          params: z.object({ id: z.string().uuid() }),
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await sites.deleteSite(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    const crsTags = ['coordinate systems'];
    r.get(
      '/rest/crs',
      {
        config: member,
        schema: {
          tags: crsTags,
          summary: 'Search EPSG coordinate systems by code or name',
          querystring: z.object({ query: z.string().max(100).optional() }),
          response: { 200: z.array(crsOut) },
        },
      },
      (req) => searchCrs(deps.db, req.query.query),
    );
    r.get(
      '/rest/crs/:id',
      {
        config: member,
        schema: {
          tags: crsTags,
          summary: 'One EPSG coordinate system',
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: crsOut },
        },
      },
      async (req, reply) => {
        const crs = await crsByCode(deps.db, req.params.id);
        if (!crs) throw notFound();
        return reply.header('cache-control', 'private, max-age=86400').send(crs);
      },
    );
    r.get(
      '/rest/geoid',
      {
        config: member,
        schema: {
          tags: crsTags,
          summary: 'Geoid models',
          querystring: z.object({ projectId: z.string().uuid().optional() }),
        },
      },
      () => [...GEOID_MODELS],
    );

    r.get(
      '/rest/projects/summaries',
      {
        config: member,
        schema: {
          tags: ['projects'],
          summary: 'Projects with their dictionary and calibration',
          querystring: orgQuery,
        },
      },
      (req) => sites.listProjectSummaries(deps, callerOf(req)),
    );
  };
}
