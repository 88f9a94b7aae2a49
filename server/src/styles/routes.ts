import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STYLE_FORMATS, createStyleSchema, styleFromFileName, updateStyleSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { badRequest } from '../http/errors.js';
import * as styles from './service.js';
import { layerStyleRoutes } from './layer-style-routes.js';
import { member, orgQuery, idParams } from '../http/route-parts.js';

const tags = ['styles'];

/**
 * POST /rest/styles/geo takes either {name, projectId, body} or the upload form
 * {style: {name, format, languageVersion, filename}, body}.
 */
const uploadSchema = z.object({
  style: z.object({
    name: z.string().optional(),
    format: z.enum(STYLE_FORMATS).optional(),
    filename: z.string().optional(),
    languageVersion: z.object({ version: z.string() }).optional(),
  }),
  body: z.string().max(1_000_000),
  projectId: z.string().uuid().nullable().optional(),
});
const createBody = z.union([createStyleSchema, uploadSchema, createStyleSchema.omit({ format: true })]);

export function styleRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/rest/styles',
      {
        config: member,
        schema: { tags, summary: 'Styles of the organization (dictionary styles excluded)', querystring: orgQuery },
      },
      (req) => styles.listStyles(deps, callerOf(req)),
    );

    r.post(
      '/rest/styles/geo',
      {
        config: member,
        schema: { tags, summary: 'Add a style (SLD or CSS)', querystring: orgQuery, body: createBody },
      },
      async (req, reply) => {
        const b = req.body as z.output<typeof createBody>;
        let input: z.output<typeof createStyleSchema>;
        if ('style' in b) {
          const fromFile = b.style.filename ? styleFromFileName(b.style.filename) : null;
          if (b.style.filename && !fromFile) throw badRequest('app.data.style.bad-extension');
          const name = (b.style.name ?? fromFile?.name ?? '').trim();
          input = createStyleSchema.parse({
            name,
            format: b.style.format ?? fromFile?.format,
            body: b.body,
            projectId: b.projectId,
          });
        } else {
          input = createStyleSchema.parse({ format: /^\s*</.test(b.body) ? 'xml' : 'css', ...b });
        }
        return reply.status(201).send(await styles.createStyle(deps, callerOf(req), input));
      },
    );

    r.post(
      '/rest/styles',
      {
        config: member,
        schema: {
          tags,
          summary: 'Add a style (same as /rest/styles/geo with a name, format and body)',
          querystring: orgQuery,
          body: createStyleSchema,
        },
      },
      async (req, reply) => reply.status(201).send(await styles.createStyle(deps, callerOf(req), req.body)),
    );

    r.put(
      '/rest/styles/geo',
      { config: member, schema: { tags, summary: 'Save a style', querystring: orgQuery, body: updateStyleSchema } },
      (req) => styles.updateStyle(deps, callerOf(req), req.body),
    );

    r.get(
      '/rest/styles/geo/:id',
      { config: member, schema: { tags, summary: 'The style body text', params: idParams, querystring: orgQuery } },
      async (req, reply) => {
        const row = await styles.styleBody(deps, callerOf(req), req.params.id);
        return reply
          .type(row.format === 'xml' ? 'application/xml; charset=utf-8' : 'text/css; charset=utf-8')
          .send(row.body);
      },
    );

    r.delete(
      '/rest/styles/geo/:id',
      { config: member, schema: { tags, summary: 'Delete a style', params: idParams, querystring: orgQuery } },
      async (req, reply) => {
        await styles.deleteStyle(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
    await app.register(layerStyleRoutes(deps));
  };
}
