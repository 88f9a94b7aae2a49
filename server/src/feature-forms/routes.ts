import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availableFormsSchema,
  featureFormRecordSchema,
  featureRefField,
  formSavePayloadSchema,
  formUpdatePayloadSchema,
} from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { member, orgQuery } from '../http/route-parts.js';
import { SignedUrls } from '../platform/signed-urls.js';
import { FORM_SANDBOX } from '../forms/routes.js';
import { formDocument } from '../forms/service.js';
import { FORM_BRIDGE_SCRIPT } from './bridge.js';
import { usableForm } from './access.js';
import * as records from './service.js';
import { featurePdfRoutes } from './pdf-routes.js';

const tags = ['feature forms'];
const VIEW_TTL_SECONDS = 5 * 60;
const featureParams = z.object({ id: featureRefField });
const recordParams = z.object({ id: z.string().max(64) });

/**
 * Forms on features (spec 3 §7: "GET and DELETE /rest/features/{id}/forms"; get by id, save, update
 * and delete have no path in the spec, so they are ours under /rest/features/forms), the form page
 * for the form dialog's sandboxed iframe, and the PDF of a feature with its forms.
 */
export function featureFormRoutes(deps: Deps) {
  const viewUrls = new SignedUrls<{ formId: string; organizationId: string }>(
    deps.config.jwtSecret,
    'feature-form-view',
    '/files/feature-forms',
    VIEW_TTL_SECONDS,
  );
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/rest/features/:id/forms',
      {
        config: member,
        schema: {
          tags,
          summary: "A feature's forms (a plain list; clients also accept the base64 text of one)",
          params: featureParams,
          querystring: orgQuery,
          response: { 200: z.array(featureFormRecordSchema) },
        },
      },
      (req) => records.listRecords(deps, callerOf(req), req.params.id),
    );

    r.delete(
      '/rest/features/:id/forms',
      {
        config: member,
        schema: {
          tags,
          summary: "Delete all of a feature's forms (feature admin)",
          params: featureParams,
          querystring: orgQuery,
        },
      },
      async (req, reply) => {
        await records.deleteAllRecords(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    r.get(
      '/rest/features/:id/forms/available',
      {
        config: member,
        schema: {
          tags,
          summary: 'The forms the caller may add to a feature',
          params: featureParams,
          querystring: orgQuery,
          response: { 200: availableFormsSchema },
        },
      },
      (req) => records.availableForms(deps, callerOf(req), req.params.id),
    );

    r.post(
      '/rest/features/forms',
      {
        config: member,
        schema: {
          tags,
          summary: 'Save a form on a feature (spec 3 §3 save payload)',
          querystring: orgQuery,
          body: formSavePayloadSchema,
          response: { 201: featureFormRecordSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await records.saveRecord(deps, callerOf(req), req.body)),
    );

    r.get(
      '/rest/features/forms/:id',
      {
        config: member,
        schema: {
          tags,
          summary: 'A form record',
          params: recordParams,
          querystring: orgQuery,
          response: { 200: featureFormRecordSchema },
        },
      },
      (req) => records.getRecord(deps, callerOf(req), req.params.id),
    );

    r.put(
      '/rest/features/forms/:id',
      {
        config: member,
        schema: {
          tags,
          summary: "Update a form record's values",
          params: recordParams,
          querystring: orgQuery,
          body: formUpdatePayloadSchema,
          response: { 200: featureFormRecordSchema },
        },
      },
      (req) => records.updateRecord(deps, callerOf(req), req.params.id, req.body),
    );

    r.delete(
      '/rest/features/forms/:id',
      {
        config: member,
        schema: { tags, summary: 'Delete a form record (feature admin)', params: recordParams, querystring: orgQuery },
      },
      async (req, reply) => {
        await records.deleteRecord(deps, callerOf(req), req.params.id);
        return reply.status(204).send();
      },
    );

    // The form dialog's iframe cannot send the session (sandboxed, opaque origin): it loads a signed URL.
    r.get(
      '/rest/features/forms/view-url/:formId',
      {
        config: member,
        schema: {
          tags,
          summary: 'A short-lived URL of a form page for the form dialog (400 when its script is missing)',
          params: z.object({ formId: z.string().uuid() }),
          querystring: orgQuery,
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const form = await usableForm(deps.db, caller, req.params.formId);
        return { url: await viewUrls.create({ formId: form.id, organizationId: caller.organizationId }) };
      },
    );

    r.get(
      '/files/feature-forms/:token',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The form page behind a signed view URL: the form, its script and the dialog bridge',
          params: z.object({ token: z.string().max(2048) }),
        },
      },
      async (req, reply) => {
        const grant = await viewUrls.verify(req.params.token);
        if (!grant) throw notFound();
        const form = await usableForm(deps.db, { organizationId: grant.organizationId }, grant.formId);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('content-security-policy', `${FORM_SANDBOX}; form-action 'none'; frame-ancestors 'self'`)
          .header('x-frame-options', 'SAMEORIGIN')
          .send(formDocument(form, FORM_BRIDGE_SCRIPT));
      },
    );

    await featurePdfRoutes(app, deps);
  };
}
