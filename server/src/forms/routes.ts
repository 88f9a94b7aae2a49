import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DICTIONARY_LIMITS, FORM_MSG, formDetailsSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { SignedUrls } from '../platform/signed-urls.js';
import * as forms from './service.js';
import { member, orgQuery, idParams } from '../http/route-parts.js';

const tags = ['forms'];
const FORM_FILE_LIMIT = 5 * 1024 * 1024;
const FORM_VIEW_TTL_SECONDS = 5 * 60;
/** A form's own policy: even opened directly it runs in an opaque origin, loads nothing, reaches nothing. */
export const FORM_SANDBOX =
  "sandbox allow-scripts allow-forms; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:";

const dtoSchema = formDetailsSchema.extend({
  permissions: z.array(z.union([z.string().uuid(), z.object({ projectId: z.string().uuid() })])).optional(),
});

/** Reads the multipart body: htmlFile, jsFile and a JSON `dto` field {name, description, permissions?}. */
async function readFormParts(req: FastifyRequest) {
  const files: forms.FormFiles = {};
  let dto: unknown;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const text = (await part.toBuffer()).toString('utf8');
      if (part.fieldname === 'htmlFile') files.html = { name: part.filename, text };
      else if (part.fieldname === 'jsFile') files.js = { name: part.filename, text };
    } else if (part.fieldname === 'dto') {
      try {
        dto = JSON.parse(String(part.value));
      } catch {
        throw badRequest(FORM_MSG.nameRequired);
      }
    }
  }
  const parsed = dtoSchema.safeParse(dto ?? {});
  if (!parsed.success)
    throw badRequest(
      parsed.error.issues[0]?.message ?? FORM_MSG.nameRequired,
      'InvalidParameterException',
      parsed.error.issues,
    );
  const projectIds = parsed.data.permissions?.map((p) => (typeof p === 'string' ? p : p.projectId));
  return { details: parsed.data, files, projectIds };
}

export function formRoutes(deps: Deps) {
  const viewUrls = new SignedUrls<{ formId: string; organizationId: string }>(
    deps.config.jwtSecret,
    'form-view',
    '/rest/forms/view',
    FORM_VIEW_TTL_SECONDS,
  );
  return async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: FORM_FILE_LIMIT, files: 2, fields: 5 },
      throwFileSizeLimit: true,
    });
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/rest/forms/paged',
      {
        config: member,
        schema: {
          tags,
          summary: 'Forms, paged',
          querystring: orgQuery.extend({
            page: z.coerce.number().int().min(0).default(0),
            pageSize: z.coerce.number().int().min(1).max(100).default(DICTIONARY_LIMITS.formPageSize),
            search: z.string().trim().max(128).optional(),
          }),
        },
      },
      (req) => forms.listForms(deps, callerOf(req), req.query),
    );

    r.get(
      '/rest/forms/:id',
      { config: member, schema: { tags, summary: 'A form', params: idParams, querystring: orgQuery } },
      (req) => forms.getForm(deps, callerOf(req), req.params.id),
    );

    r.get(
      '/rest/forms/rendered/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'The form as one HTML document for a sandboxed iframe',
          params: idParams,
          querystring: orgQuery,
        },
      },
      async (req, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('content-security-policy', `${FORM_SANDBOX}; frame-ancestors 'none'`)
          .send(await forms.renderedForm(deps, callerOf(req), req.params.id)),
    );

    // The web app shows a form in <iframe sandbox src=…>: a srcdoc frame would inherit the app's policy,
    // which forbids inline script. The frame cannot send the session token, so it gets a signed URL.
    r.get(
      '/rest/forms/view-url/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'A short-lived URL of the rendered form, for an iframe',
          params: idParams,
          querystring: orgQuery,
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const form = await forms.findForm(deps.db, caller, req.params.id);
        return { url: await viewUrls.create({ formId: form.id, organizationId: caller.organizationId }) };
      },
    );

    r.get(
      '/rest/forms/view/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The rendered form behind a signed view URL',
          params: z.object({ token: z.string().max(2048) }),
        },
      },
      async (req, reply) => {
        const grant = await viewUrls.verify(req.params.token);
        if (!grant) throw notFound();
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('content-security-policy', `${FORM_SANDBOX}; frame-ancestors 'self'`)
          .header('x-frame-options', 'SAMEORIGIN')
          .send(await forms.renderedForm(deps, { organizationId: grant.organizationId }, grant.formId));
      },
    );

    r.get(
      '/rest/forms/project/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Forms granted to a project',
          params: idParams,
          querystring: orgQuery.extend({
            includeFiles: z.enum(['true', 'false']).optional(),
            configs: z.string().optional(),
          }),
        },
      },
      (req) => forms.formsOfProject(deps, callerOf(req), req.params.id, req.query.includeFiles === 'true'),
    );

    r.post(
      '/rest/forms',
      {
        config: member,
        schema: {
          tags,
          summary: 'Add a form (multipart: htmlFile, jsFile, dto)',
          querystring: orgQuery,
          consumes: ['multipart/form-data'],
        },
      },
      async (req, reply) => {
        const { details, files } = await readFormParts(req);
        return reply.status(201).send(await forms.createForm(deps, callerOf(req), details, files));
      },
    );

    r.put(
      '/rest/forms/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Edit a form (multipart; files optional; permissions = project ids)',
          params: idParams,
          querystring: orgQuery,
          consumes: ['multipart/form-data'],
        },
      },
      async (req) => {
        const { details, files, projectIds } = await readFormParts(req);
        return forms.updateForm(deps, callerOf(req), req.params.id, details, files, projectIds);
      },
    );

    r.put(
      '/rest/forms/details/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Edit name and description',
          params: idParams,
          querystring: orgQuery,
          body: formDetailsSchema,
        },
      },
      (req) => forms.updateForm(deps, callerOf(req), req.params.id, req.body, {}),
    );

    r.delete(
      '/rest/forms/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Delete a form (its project layers are disabled)',
          params: idParams,
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await forms.deleteForm(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    r.put(
      '/rest/forms/permission/add/:formId/:projectId',
      {
        config: member,
        schema: {
          tags,
          summary: 'Grant a form to a project (creates its forms layer)',
          params: z.object({ formId: z.string().uuid(), projectId: z.string().uuid() }),
          querystring: orgQuery,
        },
      },
      (req) => forms.addPermission(deps, callerOf(req), req.params.formId, req.params.projectId),
    );

    r.delete(
      '/rest/forms/permission/remove/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'Withdraw a form from a project (disables its layer)',
          params: idParams,
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await forms.removePermission(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );
  };
}
