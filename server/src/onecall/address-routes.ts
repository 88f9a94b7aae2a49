import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ONECALL_MSG, oneCallEmailCreateSchema, oneCallEmailSchema, oneCallEmailUpdateSchema } from '@fieldbook/domain';
import { acceptsHtml } from '../http/accepts-html.js';
import { notFound } from '../http/errors.js';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { member, orgQuery } from '../http/route-parts.js';
import { html } from '../platform/html.js';
import { createAddress, deleteAddress, listAddresses, resendVerification, updateAddress } from './addresses.js';
import { pendingVerification, verificationPage, verifyAddress } from './verification.js';

const tags = ['one-call'];
const projectParams = z.object({ projectId: z.string().uuid() });
const addressParams = z.object({ projectId: z.string().uuid(), emailAddressId: z.string().uuid() });
const tokenParams = z.object({ token: z.string().min(20).max(100) });

/** A link that is not live: a page for a browser, the API's 404 for any other client. */
function notLive(req: FastifyRequest, reply: FastifyReply) {
  if (!acceptsHtml(req)) throw notFound(ONECALL_MSG.verificationInvalid);
  return reply
    .status(404)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      verificationPage(
        'Link no longer valid',
        html`<p>
          This verification link was used already, has expired, or was replaced by a newer one. A project admin can send
          a new one from the project's one-call list.
        </p>`,
      ),
    );
}

/** The project's one-call e-mail list (spec 3 §7 one-call service) and the verification link's page. */
export async function addressRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/rest/onecall/email/email-addresses/:projectId',
    {
      config: member,
      schema: {
        tags,
        summary: "The project's one-call e-mail addresses (project admins)",
        params: projectParams,
        querystring: orgQuery,
        response: { 200: z.array(oneCallEmailSchema) },
      },
    },
    (req) => listAddresses(deps, callerOf(req), req.params.projectId),
  );
  r.post(
    '/rest/onecall/email/email-address',
    {
      config: member,
      schema: {
        tags,
        summary: 'Add a one-call e-mail address with its tickets layer; a verification link is mailed to it',
        querystring: orgQuery,
        body: oneCallEmailCreateSchema,
        response: { 201: oneCallEmailSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createAddress(deps, callerOf(req), req.body)),
  );
  r.put(
    '/rest/onecall/email/email-address',
    {
      config: member,
      schema: {
        tags,
        summary: "Change a verified address's archive days (1–365)",
        querystring: orgQuery,
        body: oneCallEmailUpdateSchema,
        response: { 200: oneCallEmailSchema },
      },
    },
    (req) => updateAddress(deps, callerOf(req), req.body),
  );
  r.delete(
    '/rest/onecall/email/email-address/:projectId/:emailAddressId',
    {
      config: member,
      schema: {
        tags,
        summary: 'Remove a one-call address and its tickets layer (restorable as a deleted layer)',
        params: addressParams,
        querystring: orgQuery,
      },
    },
    async (req, reply) => {
      await deleteAddress(deps, callerOf(req), req.params.projectId, req.params.emailAddressId);
      return reply.status(204).send();
    },
  );
  r.post(
    '/rest/onecall/email/email-address/:projectId/:emailAddressId/verification',
    {
      config: member,
      schema: {
        tags,
        summary: 'Mail a new verification link to an unverified address',
        params: addressParams,
        querystring: orgQuery,
        response: { 200: oneCallEmailSchema },
      },
    },
    (req) => resendVerification(deps, callerOf(req), req.params.projectId, req.params.emailAddressId),
  );

  // The link mailed to the address: a page asking to confirm, then the confirmation (a form post).
  await app.register(async (page) => {
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );
    const p = page.withTypeProvider<ZodTypeProvider>();
    p.get(
      '/rest/onecall/email/verify/:token',
      { config: { access: 'public' }, schema: { tags, summary: 'The verification page', params: tokenParams } },
      async (req, reply) => {
        const pending = await pendingVerification(deps, req.params.token);
        if (!pending) return notLive(req, reply);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return verificationPage(
          'Verify one-call address',
          html`<p>
              Let locate tickets sent to <strong>${pending.email_address}</strong> be read into the Fieldbook project
              <strong>${pending.project_name}</strong>?
            </p>
            <form method="post"><button type="submit">Verify this address</button></form>`,
        );
      },
    );
    p.post(
      '/rest/onecall/email/verify/:token',
      { config: { access: 'public' }, schema: { tags, summary: 'Verify the address', params: tokenParams } },
      async (req, reply) => {
        const verified = await verifyAddress(deps, req.params.token);
        if (!verified) return notLive(req, reply);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        return verificationPage(
          'Address verified',
          html`<p>
            <strong>${verified.email_address}</strong> is verified: the locate tickets it receives are read into the
            project. You can close this page.
          </p>`,
        );
      },
    );
  });
}
