import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { featureRefField } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { AppError, notFound } from '../http/errors.js';
import { member, orgQuery } from '../http/route-parts.js';
import { SignedUrls } from '../platform/signed-urls.js';
import { featureFormsContextOf } from './access.js';
import { pdfContent } from './pdf-content.js';
import { featureMapExtract } from './pdf-map.js';
import { featurePdf } from './pdf.js';

const tags = ['feature forms'];
const PDF_URL_TTL_SECONDS = 5 * 60;

/**
 * The PDF of a feature with its map extract and forms (spec 3 §7): the POST checks the caller may view
 * the feature and answers a short-lived signed URL, which the app opens in a new window (no session
 * there); the PDF is made when that URL is fetched, so it shows the feature as it is then.
 */
export async function featurePdfRoutes(app: FastifyInstance, deps: Deps) {
  const urls = new SignedUrls<{ featureId: string; organizationId: string }>(
    deps.config.jwtSecret,
    'feature-pdf',
    '/files/feature-pdf',
    PDF_URL_TTL_SECONDS,
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/features/project/:projectId/feature/:id/pdf',
    {
      config: member,
      schema: {
        tags,
        summary: 'A short-lived URL of the PDF of a feature with its map extract (1220 × 840) and forms',
        params: z.object({ projectId: z.string().uuid(), id: featureRefField }),
        querystring: orgQuery,
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const { feature } = await featureFormsContextOf(deps.db, caller, req.params.id);
      if (feature.project_id !== req.params.projectId) throw notFound();
      return { url: await urls.create({ featureId: feature.id, organizationId: caller.organizationId }) };
    },
  );

  r.get(
    '/files/feature-pdf/:token',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'The PDF behind a signed URL', params: z.object({ token: z.string().max(2048) }) },
    },
    async (req, reply) => {
      const grant = await urls.verify(req.params.token);
      if (!grant) throw notFound();
      const content = await pdfContent(deps.db, grant.organizationId, grant.featureId).catch((error: unknown) => {
        // The feature was deleted since the URL was made: gone, like an unknown token.
        if (error instanceof AppError && error.statusCode === 404) throw notFound();
        throw error;
      });
      const map = await featureMapExtract(deps.db, deps.config.dataDir, content.feature, content.layer);
      const pdf = await featurePdf(content, map);
      const name = `${content.title.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'feature'}.pdf`;
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${name}"`)
        .send(pdf);
    },
  );
}
