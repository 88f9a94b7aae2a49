import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MSG } from '@fieldbook/domain';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import type { Deps } from './deps.js';
import { CodeService } from './auth/codes.js';
import { TokenService } from './auth/tokens.js';
import { authRoutes } from './auth/routes.js';
import { accountRoutes } from './accounts/routes.js';
import { memberRoutes } from './members/routes.js';
import { organizationRoutes } from './organizations/routes.js';
import { sharingRoutes } from './sharing/routes.js';
import { feedbackRoutes } from './feedback/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { dictionaryRoutes } from './dictionaries/routes.js';
import { dictionaryPartRoutes } from './dictionaries/parts-routes.js';
import { symbolRoutes } from './symbols/routes.js';
import { styleRoutes } from './styles/routes.js';
import { siteRoutes } from './sites/routes.js';
import { clientRoutes } from './clients/routes.js';
import { formRoutes } from './forms/routes.js';
import { projectRoutes } from './projects/routes.js';
import { dataOrganizationRoutes } from './data-organization/routes.js';
import { externalServiceRoutes } from './external-services/routes.js';
import { featureRoutes } from './features/routes.js';
import { attachmentRoutes } from './attachments/routes.js';
import { featureFormRoutes } from './feature-forms/routes.js';
import { oneCallRoutes } from './onecall/routes.js';
import { ogcRoutes } from './ogc/routes.js';
import { ogcApiRoutes } from './ogcapi/routes.js';
import { vectorTileRoutes } from './vector-tiles/routes.js';
import { basemapRoutes } from './basemap/routes.js';
import { activityRoutes } from './activities/routes.js';
import { restoreRoutes } from './activities/restore-routes.js';
import { registerAuditGuard } from './activities/audit-guard.js';
import { preferenceRoutes } from './preferences/routes.js';
import { systemRoutes } from './system/routes.js';
import { jobRoutes } from './jobs/routes.js';
import { importRoutes } from './imports/routes.js';
import { exportRoutes } from './exports/routes.js';
import { searchRoutes } from './search/routes.js';
import { acceptsHtml } from './http/accepts-html.js';
import { registerAccessControl } from './http/context.js';
import { registerErrorHandler } from './http/errors.js';
import { registerTextGuard } from './http/text-guard.js';
import { loggerOptions } from './http/request-log.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { createStorage, UploadUrls } from './platform/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests pass a mailer that captures messages. */
  mailer?: Mailer;
  /** false for no log; a stream to read the log (tests). */
  logger?: boolean | { stream: NodeJS.WritableStream };
}

/** Paths the API owns; everything else that is a GET for a page (Accept: text/html) falls back to the web app. */
const API_PREFIXES = ['/auth/', '/rest/', '/api/', '/preferences', '/docs', '/healthz', '/search/', '/basemap/'];

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(config.logLevel, typeof options.logger === 'object' ? options.logger.stream : undefined),
    // X-Forwarded-For counts only from the proxies named in TRUST_PROXY (the throttles key on req.ip).
    trustProxy: config.trustProxy ?? false,
    bodyLimit: 10 * 1024 * 1024,
    // Sharing codes (128) and push tokens are path parameters.
    routerOptions: { maxParamLength: 2048 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = new TokenService(config.jwtSecret);
  const deps: Deps = {
    config,
    db: database.db,
    dbKind: database.kind,
    copyFrom: database.copyFrom,
    copyOut: database.copyOut,
    tokens,
    codes: new CodeService(tokens),
    files: createStorage(config),
    uploads: new UploadUrls(config.jwtSecret),
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    log: app.log,
  };

  // main.ts and the job worker start workers on the same deps.
  app.decorate('deps', deps);
  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerTextGuard(app);
  registerAccessControl(app, deps);
  registerAuditGuard(app, deps);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Fieldbook API',
        version: '0.1.0',
        description:
          'REST API of Fieldbook. Send the ID token as `Authorization: Bearer <idToken>`; `orgId` selects one of your organizations.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  await app.register(systemRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(memberRoutes(deps));
  await app.register(organizationRoutes(deps));
  await app.register(sharingRoutes(deps));
  await app.register(feedbackRoutes(deps));
  await app.register(notificationRoutes(deps));
  await app.register(dictionaryRoutes(deps));
  await app.register(dictionaryPartRoutes(deps));
  await app.register(symbolRoutes(deps));
  await app.register(styleRoutes(deps));
  await app.register(siteRoutes(deps));
  await app.register(clientRoutes(deps));
  await app.register(formRoutes(deps));
  await app.register(projectRoutes(deps));
  await app.register(dataOrganizationRoutes(deps));
  await app.register(externalServiceRoutes(deps));
  await app.register(featureRoutes(deps));
  await app.register(attachmentRoutes(deps));
  await app.register(featureFormRoutes(deps));
  await app.register(oneCallRoutes(deps));
  await app.register(ogcRoutes(deps));
  await app.register(ogcApiRoutes(deps));
  await app.register(vectorTileRoutes(deps));
  await app.register(basemapRoutes());
  await app.register(preferenceRoutes(deps));
  await app.register(activityRoutes(deps));
  await app.register(restoreRoutes(deps));
  await app.register(jobRoutes(deps));
  await app.register(importRoutes(deps));
  await app.register(exportRoutes(deps));
  await app.register(searchRoutes(deps));

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (req, reply) =>
      acceptsHtml(req) ? reply.redirect('/index.html') : reply.callNotFound(),
    );
    await app.register(fastifyStatic, { root: config.webDistDir, wildcard: true, index: false });
  }
  // Client-side routes (/signin, /settings/..., /index.html) all load the single-page app when a browser
  // asks for a page; any other client gets a 404 for a path nothing serves (GIS clients probe paths).
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (hasWeb && request.method === 'GET' && !isApi && acceptsHtml(request)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ statusCode: 404, code: 'NotFound', message: MSG.notFound });
  });

  app.addHook('onClose', async () => database.close());
  return app;
}
