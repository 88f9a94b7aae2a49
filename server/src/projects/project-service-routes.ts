import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { layerByReferenceSchema, layerOut, profileCheckOut, viewableArtifactIdsOut } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { member, orgQuery } from '../http/route-parts.js';
import { resetProjectMapServices } from '../ogc/map-service-reset.js';
import { createLayerByReference } from './layers-by-reference.js';
import { profileCheck, viewableArtifactIds } from './viewable-artifacts.js';

/** The remaining project-service calls of spec 3 §7 "Projects, folders, layers". */
export function projectServiceRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['projects'];
    const uuid = z.string().uuid();

    r.get(
      '/rest/projects/profile/check/it',
      {
        config: member,
        schema: {
          tags,
          summary: "Checks the session: the caller's account and organization",
          querystring: orgQuery,
          response: { 200: profileCheckOut },
        },
      },
      (req) => profileCheck(deps, callerOf(req)),
    );

    r.get(
      '/rest/projects/viewableArtifactIds',
      {
        config: member,
        schema: {
          tags,
          summary: 'Ids of the projects, folders and layers the caller may view (shared projects included)',
          querystring: orgQuery,
          response: { 200: viewableArtifactIdsOut },
        },
      },
      (req) => viewableArtifactIds(deps, callerOf(req)),
    );

    r.post(
      '/rest/projects/:projectId/foldertype/:type/layers/:refId',
      {
        config: member,
        schema: {
          tags: ['layers'],
          summary:
            "Add a layer to the project's special folder of a type (1 one-call, 2 forms with refId a form id), creating the folder when missing",
          params: z.object({ projectId: uuid, type: z.string().max(16), refId: z.string().min(1).max(128) }),
          querystring: orgQuery,
          body: layerByReferenceSchema,
          response: { 201: layerOut },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(
            await createLayerByReference(
              deps,
              callerOf(req),
              req.params.projectId,
              req.params.type,
              req.params.refId,
              req.body,
            ),
          ),
    );

    r.delete(
      '/rest/projects/:id/geo',
      {
        config: member,
        schema: {
          tags,
          summary: "Drop the project's rendered tiles and map snapshots so they are rebuilt (project admins)",
          params: z.object({ id: uuid }),
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await resetProjectMapServices(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
