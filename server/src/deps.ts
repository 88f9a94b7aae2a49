import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database, DatabaseKind } from './db/connect.js';
import type { DB } from './db/schema.js';
import type { Mailer } from './platform/mail.js';
import type { FileStorage, UploadUrls } from './platform/storage.js';
import type { TokenService } from './auth/tokens.js';
import type { CodeService } from './auth/codes.js';

/** What services need from the outside world, built once in app.ts and passed down. */
export interface Deps {
  config: Config;
  db: Kysely<DB>;
  dbKind: DatabaseKind;
  /** Bulk loads of imports (COPY). */
  copyFrom: Database['copyFrom'];
  copyOut: Database['copyOut'];
  mailer: Mailer;
  tokens: TokenService;
  codes: CodeService;
  files: FileStorage;
  uploads: UploadUrls;
  log: FastifyBaseLogger;
}
