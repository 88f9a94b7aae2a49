import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wfsTransactionSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import { callerOf } from '../http/context.js';
import { AppError, notFound } from '../http/errors.js';
import { member, orgQuery } from '../http/route-parts.js';
import { clientKeyCaller, viewableLayers } from './access.js';
import { namesLayer, withPublishedNames } from './published-names.js';
import { parseTransaction, transactionTypeNames } from './wfs-transaction-parse.js';
import { lowerKeys } from './wfs.js';
import { runTransaction, transactionResponse, type TransactionResult } from './wfs-transaction.js';
import { OgcError, exceptionReport } from './xml.js';

const XML_TYPES = ['application/xml', 'text/xml'];

const report = (reply: FastifyReply, status: number, code: string, locator: string, text: string) =>
  reply
    .status(status)
    .type('application/xml; charset=utf-8')
    .send(exceptionReport(code, locator, text));

/** A Transaction's answer at a WFS URL: the TransactionResponse, or refusals the OGC way. */
async function answerTransaction(reply: FastifyReply, run: () => Promise<TransactionResult>) {
  try {
    return reply.type('application/xml; charset=utf-8').send(transactionResponse(await run()));
  } catch (err) {
    if (err instanceof OgcError) return report(reply, 400, err.code, err.locator, err.message);
    if (err instanceof AppError)
      return report(reply, err.statusCode, 'OperationProcessingFailed', 'Transaction', err.message);
    throw err;
  }
}

/**
 * WFS-T 2.0 Transactions (Insert, Update, Delete by fes:ResourceId) on one layer: as the app sends
 * them (POST /rest/features/tx/{layerId} with {xml}) and as OGC clients do (the XML document POSTed
 * to the layer's WFS URL). Bad XML is an OGC ExceptionReport; the app route keeps the API's JSON
 * errors for refused writes, the WFS URL reports them the OGC way.
 */
export function wfsTransactionRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.addContentTypeParser(XML_TYPES, { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/rest/features/tx/:layerId',
      {
        config: member,
        schema: {
          tags: ['features'],
          summary:
            'A WFS-T 2.0 Transaction on one layer, in one database transaction; answers a wfs:TransactionResponse',
          params: z.object({ layerId: z.string().uuid() }),
          querystring: orgQuery,
          body: wfsTransactionSchema,
        },
      },
      async (req, reply) => {
        try {
          const result = await runTransaction(deps, callerOf(req), req.params.layerId, req.body.xml);
          return reply.type('application/xml; charset=utf-8').send(transactionResponse(result));
        } catch (err) {
          if (err instanceof OgcError) return report(reply, 400, err.code, err.locator, err.message);
          throw err;
        }
      },
    );

    r.post(
      '/rest/projects/:projectId/folders/:folderId/layers/:layerId/geo/wfs',
      {
        config: member,
        schema: {
          tags: ['map services'],
          summary:
            'WFS 2.0 Transaction of one layer: the wfs:Transaction document as the body (application/xml or text/xml)',
          consumes: XML_TYPES,
          params: z.object({ projectId: z.string().uuid(), folderId: z.string().uuid(), layerId: z.string().uuid() }),
          querystring: z.record(z.string(), z.string()),
          body: z.string().max(10 * 1024 * 1024),
        },
      },
      async (req, reply) => {
        const layers = await viewableLayers(deps, callerOf(req), req.params.projectId, req.params);
        if (layers.length === 0) throw notFound();
        return answerTransaction(reply, () => runTransaction(deps, callerOf(req), layers[0].id, req.body));
      },
    );

    r.post(
      '/rest/projects/ogc/:projectId/wfs',
      {
        config: { access: 'public' },
        schema: {
          tags: ['map services'],
          summary:
            "WFS 2.0 Transaction through a client key (?key=): writes one feature type of the project, with the rights of the key's member",
          consumes: XML_TYPES,
          params: z.object({ projectId: z.string().uuid() }),
          querystring: z.record(z.string(), z.string()),
          body: z.string().max(10 * 1024 * 1024),
        },
      },
      async (req, reply) => {
        const { caller } = await clientKeyCaller(deps, req, lowerKeys(req.query));
        return answerTransaction(reply, async () => {
          const layers = await withPublishedNames(
            deps.db,
            req.params.projectId,
            await viewableLayers(deps, caller, req.params.projectId),
          );
          const names = transactionTypeNames(parseTransaction(req.body));
          const targets = layers.filter((l) => [...names].some((n) => namesLayer(l, n)));
          if (targets.length !== 1 || [...names].some((n) => !namesLayer(targets[0], n)))
            throw new OgcError(
              'InvalidParameterValue',
              'typeName',
              targets.length ? 'A Transaction writes one feature type' : `Unknown type ${[...names].join(',')}`,
            );
          return runTransaction(deps, caller, targets[0].id, req.body);
        });
      },
    );
  };
}
