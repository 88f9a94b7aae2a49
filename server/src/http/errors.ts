import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AUTH_ERRORS, MSG } from '@fieldbook/domain';

/** The one error type of the server: an HTTP status, an error name and a message id (spec §8). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: string = AUTH_ERRORS.invalidParameter, details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (message: string = MSG.unauthorized, code: string = AUTH_ERRORS.notAuthorized) =>
  new AppError(401, code, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, 'Forbidden', message);
export const notFound = (message: string = MSG.notFound, code = 'NotFound') => new AppError(404, code, message);
export const conflict = (message: string, code = 'Conflict') => new AppError(409, code, message);

/**
 * Runs a write whose uniqueness the database guards (a unique index), turning a violation into the
 * spec's message: two concurrent requests cannot both succeed, and the loser gets a clear 409.
 */
export async function uniquely<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as PgError).code === '23505') throw conflict(message);
    throw err;
  }
}

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/**
 * PostgreSQL errors that are the caller's fault become 4xx, never 500 (DESIGN §3). A safety net:
 * routes refuse such input first (text-guard.ts, the id and number fields of the domain schemas).
 * Class 22 is "data exception" (a value the type cannot hold: NUL in text 22021, an unsupported
 * Unicode escape in jsonb 22P05, numeric overflow 22003, bad dates 22007/22008, negative
 * OFFSET/LIMIT 2201X/2201W), class 54 "program limit exceeded" (a statement too complex, 54001).
 */
function fromPostgres(err: PgError): AppError | null {
  switch (err.code) {
    case '23505':
      return conflict('app.error.duplicate', 'Conflict');
    case '23503':
      return new AppError(409, 'Conflict', 'app.error.reference');
    case '23502':
    case '23514':
      return badRequest(MSG.errorOccurred);
    case '22021':
    case '22P05':
      return badRequest(MSG.invalidCharacter);
    case '22003':
      return badRequest(MSG.invalidNumber);
  }
  if (typeof err.code !== 'string') return null;
  if (err.code.startsWith('22')) return badRequest(MSG.errorOccurred);
  if (err.code.startsWith('54')) return badRequest(MSG.requestTooLarge);
  return null;
}

/** The body of a refused input: the first rule's message id, and every issue in `details`. */
function invalidInput(details: Array<{ path: string; message: string | undefined }>) {
  const first = details[0]?.message;
  return {
    statusCode: 400,
    code: AUTH_ERRORS.invalidParameter,
    message: first && first.startsWith('app.') ? first : MSG.errorOccurred,
    details,
  };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(
        invalidInput(
          error.validation.map((issue) => ({
            path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.'),
            message: issue.message,
          })),
        ),
      );
    }
    if (error instanceof ZodError) {
      // A service that parses with a domain schema itself (not the route's): still the caller's input.
      return reply
        .status(400)
        .send(invalidInput(error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))));
    }
    const pgMapped = fromPostgres(error as PgError);
    if (pgMapped) {
      request.log.info({ err: error }, 'database refused the change');
      return reply.status(pgMapped.statusCode).send({
        statusCode: pgMapped.statusCode,
        code: pgMapped.code,
        message: pgMapped.message,
      });
    }
    if (error.statusCode && error.statusCode < 500) {
      // Fastify's own 4xx (bad JSON, payload too large, unsupported media type).
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code ?? 'BadRequest',
        message: error.message,
      });
    }
    if (isResponseSerializationError(error))
      request.log.error({ err: error, issues: error.cause }, 'response serialization');
    else request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ statusCode: 500, code: 'InternalError', message: MSG.errorOccurred });
  });
}
