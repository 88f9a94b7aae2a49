import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFolderSchema,
  createLayerSchema,
  createProjectSchema,
  folderOut,
  layerOut,
  projectOut,
  updateFolderSchema,
  updateLayerSchema,
  updateProjectSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import * as projects from './service.js';
import * as folders from './folders.js';
import * as layers from './layers.js';
import { layerExtentOf, layerExtents } from './extents.js';
import { shareLayer, unshareLayer } from './sharing.js';
import { member, orgQuery } from '../http/route-parts.js';
import { projectServiceRoutes } from './project-service-routes.js';

const uuid = z.string().uuid();

/** Projects, folders and layers of spec 3 §7. */
export function projectRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['projects'];
    r.get(
      '/rest/projects',
      {
        config: member,
        schema: {
          tags,
          summary: 'Projects the caller may view, by name',
          querystring: orgQuery,
          response: { 200: z.array(projectOut) },
        },
      },
      (req) => projects.listProjects(deps, callerOf(req)),
    );
    r.get(
      '/rest/projects/list',
      {
        config: member,
        schema: {
          tags,
          summary: 'Some projects by id',
          querystring: orgQuery.extend({ projectIds: z.string().default('') }),
          response: { 200: z.array(projectOut) },
        },
      },
      (req) =>
        projects.listProjects(
          deps,
          callerOf(req),
          req.query.projectIds
            .split(',')
            .map((s) => s.trim())
            .filter((s) => uuid.safeParse(s).success),
        ),
    );
    r.get(
      '/rest/projects/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'A project with its folders and layers',
          params: z.object({ id: uuid }),
          querystring: orgQuery,
          response: { 200: projectOut },
        },
      },
      (req) => projects.getProject(deps, callerOf(req), req.params.id),
    );
    r.post(
      '/rest/projects',
      {
        config: member,
        schema: {
          tags,
          summary: 'Create a project',
          querystring: orgQuery,
          body: createProjectSchema,
          response: { 201: projectOut },
        },
      },
      async (req, reply) => reply.status(201).send(await projects.createProject(deps, callerOf(req), req.body)),
    );
    r.put(
      '/rest/projects',
      {
        config: member,
        schema: {
          tags,
          summary: 'Edit a project',
          querystring: orgQuery,
          body: updateProjectSchema,
          response: { 200: projectOut },
        },
      },
      (req) => projects.updateProject(deps, callerOf(req), req.body),
    );
    r.delete(
      '/rest/projects/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Delete a project (project admins)',
          params: z.object({ id: uuid }),
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await projects.deleteProject(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    const extent = z.object({
      minx: z.number(),
      miny: z.number(),
      maxx: z.number(),
      maxy: z.number(),
      west: z.number(),
      south: z.number(),
      east: z.number(),
      north: z.number(),
      /** Feature count: the client switches from WFS to WMS-TILE past 50,000 (spec 3 §4). */
      count: z.number().int(),
      /** Dictionary systems present in the layer (the legend lists these). */
      systems: z.array(z.string()),
    });
    r.post(
      '/rest/projects/layerExtents',
      {
        config: member,
        schema: {
          tags: ['layers'],
          summary: 'Extents (EPSG:4326) and feature counts of layers by id',
          querystring: orgQuery,
          body: z.object({ layerIds: z.array(uuid).max(500) }),
          response: { 200: z.record(z.string(), extent) },
        },
      },
      (req) => layerExtents(deps, callerOf(req), req.body.layerIds),
    );
    r.get(
      '/rest/projects/layerExtent/:id',
      {
        config: member,
        schema: {
          tags: ['layers'],
          summary: 'Extent (EPSG:4326) of one layer',
          params: z.object({ id: uuid }),
          querystring: orgQuery,
          response: { 200: extent },
        },
      },
      (req) => layerExtentOf(deps, callerOf(req), req.params.id),
    );

    const shareParams = z.object({ folderId: uuid, layerId: uuid });
    r.post(
      '/rest/projects/share/:folderId/:layerId',
      {
        config: member,
        schema: {
          tags: ['layers'],
          summary:
            'Share a layer into a folder of another project; ?replace=<folderId> also removes its share in that folder, in one transaction',
          description:
            'With `replace`, the share in that folder must exist (404 otherwise) and nothing changes when any check fails.',
          params: shareParams,
          querystring: orgQuery.extend({ replace: uuid.optional() }),
        },
      },
      (req) => shareLayer(deps, callerOf(req), req.params.folderId, req.params.layerId, req.query.replace),
    );
    r.delete(
      '/rest/projects/share/:folderId/:layerId',
      {
        config: member,
        schema: { tags: ['layers'], summary: 'Remove a layer share', params: shareParams, querystring: orgQuery },
      },
      async (req, reply) => {
        await unshareLayer(deps, callerOf(req), req.params.folderId, req.params.layerId);
        return reply.status(204).send();
      },
    );

    const ftags = ['folders'];
    const pParams = z.object({ projectId: uuid });
    r.get(
      '/rest/projects/:projectId/folders',
      {
        config: member,
        schema: {
          tags: ftags,
          summary: 'Folder tree (two levels) with layers',
          params: pParams,
          querystring: orgQuery,
          response: { 200: z.array(folderOut) },
        },
      },
      (req) => folders.listFolders(deps, callerOf(req), req.params.projectId),
    );
    r.post(
      '/rest/projects/:projectId/folders',
      {
        config: member,
        schema: {
          tags: ftags,
          summary: 'Create a folder or subfolder',
          params: pParams,
          querystring: orgQuery,
          body: createFolderSchema,
          response: { 201: folderOut },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await folders.createFolder(deps, callerOf(req), req.params.projectId, req.body)),
    );
    r.put(
      '/rest/projects/:projectId/folders/',
      {
        config: member,
        schema: {
          tags: ftags,
          summary: 'Edit a folder',
          params: pParams,
          querystring: orgQuery,
          body: updateFolderSchema,
          response: { 200: folderOut },
        },
      },
      (req) => folders.updateFolder(deps, callerOf(req), req.params.projectId, req.body),
    );
    r.delete(
      '/rest/projects/:projectId/folders/:id',
      {
        config: member,
        schema: {
          tags: ftags,
          summary: 'Delete a folder with its layers',
          params: pParams.extend({ id: uuid }),
          querystring: orgQuery.extend({ confirm: z.string().optional() }),
        },
      },
      async (req, reply) => {
        await folders.deleteFolder(deps, callerOf(req), req.params.projectId, req.params.id, req.query.confirm);
        return reply.status(204).send();
      },
    );
    r.post(
      '/rest/projects/:projectId/addFeatureFolder',
      {
        config: member,
        schema: {
          tags: ftags,
          summary: 'Add a feature folder with point, line and polygon layers',
          params: pParams,
          querystring: orgQuery,
          body: z.object({ name: z.string().trim().min(1).max(128).optional() }).optional(),
          response: { 201: folderOut },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await folders.addFeatureFolder(deps, callerOf(req), req.params.projectId, req.body?.name)),
    );

    const ltags = ['layers'];
    const fParams = pParams.extend({ folderId: uuid });
    const lParams = fParams.extend({ id: uuid });
    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers',
      {
        config: member,
        schema: {
          tags: ltags,
          summary: 'Layers of a folder',
          params: fParams,
          querystring: orgQuery,
          response: { 200: z.array(layerOut) },
        },
      },
      (req) => layers.listLayers(deps, callerOf(req), req.params.projectId, req.params.folderId),
    );
    r.get(
      '/rest/projects/:projectId/folders/:folderId/layers/:id',
      {
        config: member,
        schema: {
          tags: ltags,
          summary: 'A layer',
          params: lParams,
          querystring: orgQuery,
          response: { 200: layerOut },
        },
      },
      (req) => layers.getLayer(deps, callerOf(req), req.params.projectId, req.params.folderId, req.params.id),
    );
    r.post(
      '/rest/projects/:projectId/folders/:folderId/layers',
      {
        config: member,
        schema: {
          tags: ltags,
          summary: 'Create a layer',
          params: fParams,
          querystring: orgQuery,
          body: createLayerSchema,
          response: { 201: layerOut },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await layers.createLayer(deps, callerOf(req), req.params.projectId, req.params.folderId, req.body)),
    );
    r.put(
      '/rest/projects/:projectId/folders/:folderId/layers',
      {
        config: member,
        schema: {
          tags: ltags,
          summary: 'Edit a layer',
          params: fParams,
          querystring: orgQuery.extend({ stylesUpdated: z.string().optional() }),
          body: updateLayerSchema,
          response: { 200: layerOut },
        },
      },
      (req) => layers.updateLayer(deps, callerOf(req), req.params.projectId, req.params.folderId, req.body),
    );
    r.put(
      '/rest/projects/:projectId/folders/:folderId/layers/:id/disable',
      {
        config: member,
        schema: {
          tags: ltags,
          summary: 'Disable a layer',
          params: lParams,
          querystring: orgQuery,
          response: { 200: layerOut },
        },
      },
      (req) => layers.disableLayer(deps, callerOf(req), req.params.projectId, req.params.folderId, req.params.id),
    );
    r.delete(
      '/rest/projects/:projectId/folders/:folderId/layers/:id',
      {
        config: member,
        schema: {
          tags: ltags,
          summary: 'Delete a layer',
          params: lParams,
          querystring: orgQuery.extend({ referenceId: z.string().optional() }),
        },
      },
      async (req, reply) => {
        await layers.deleteLayer(deps, callerOf(req), req.params.projectId, req.params.folderId, req.params.id);
        return reply.status(204).send();
      },
    );
    await app.register(projectServiceRoutes(deps));
  };
}
