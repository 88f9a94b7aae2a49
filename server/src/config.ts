import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment (documented in the README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL+PostGIS when set; otherwise the embedded PGlite database under dataDir. */
  databaseUrl?: string;
  publicUrl: string;
  /** smtp://host:port; without it mails are written to dataDir/outbox as .eml files. */
  smtpUrl?: string;
  mailFrom: string;
  /** Where feedback from the feedback dialog is mailed (it is always stored). */
  feedbackEmail?: string;
  /** The training site the settings menu and personal info link to. */
  trainingUrl?: string;
  /** Map provider keys (spec 3 §2): the Bing and Google providers are offered only when set. */
  bingMapsKey?: string;
  googleMapsKey?: string;
  /** External WMS/WMTS services may be on loopback, private or link-local addresses (off by default). */
  allowPrivateServiceUrls?: boolean;
  jwtSecret: string;
  /** Fastify's trustProxy: the peers (addresses/CIDRs) that may set X-Forwarded-For; unset trusts none. */
  trustProxy?: string[];
  webDistDir: string;
  logLevel: string;
  /**
   * A running job whose worker has not beaten for this long lost its worker (kill -9) and is queued
   * again or failed (JOB_STALE_AFTER_MS, default 60 s; the worker beats every quarter of it, at most 5 s).
   */
  jobStaleAfterMs?: number;
  /** An S3-compatible bucket for the file store (S3_*); unset, files live under dataDir/files. */
  s3?: S3Settings;
  /** How long a signed attachment or zip URL works (ATTACHMENT_URL_TTL_SECONDS, default 300). */
  attachmentUrlTtlSeconds?: number;
  /** One-call inbound mail (INBOUND_SMTP_*, INBOUND_MAIL_DOMAIN, ONECALL_WEBHOOK_SECRET; onecall/inbound-smtp.ts). */
  inbound?: InboundSettings;
}

/** Where one-call tickets come in by mail (the webhook is always served). */
export interface InboundSettings {
  /** The SMTP port to listen on; unset, no SMTP endpoint is started. */
  smtpPort?: number;
  smtpHost: string;
  /** The domain of the addresses' inbound addresses (tickets-<token>@domain); default PUBLIC_URL's host. */
  mailDomain: string;
  /** With it, the webhook also takes tickets for any address named in `to` (Authorization: Bearer <secret>). */
  webhookSecret?: string;
}

/** An S3-compatible object store (AWS S3, MinIO, Ceph…), signed with AWS Signature V4. */
export interface S3Settings {
  /** e.g. https://minio.internal:9000 (scheme, host, port; no bucket). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key (true, the default) or bucket.endpoint/key (virtual-hosted). */
  pathStyle: boolean;
  /** Prepended to every key ("fieldbook/"), to share a bucket. */
  prefix: string;
}

/** S3_BUCKET turns the bucket on; then the endpoint and both keys are required. */
export function parseS3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  const missing = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length)
    throw new Error(`S3_BUCKET is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not`);
  return {
    endpoint: env.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    pathStyle: env.S3_PATH_STYLE !== 'false',
    prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
  };
}

/**
 * TRUST_PROXY: empty trusts none; otherwise comma-separated addresses, CIDRs or proxy-addr's names
 * (loopback, linklocal, uniquelocal). No hop count: Fastify refuses it, since it cannot tell a
 * proxy from a client that connects directly.
 */
export function parseTrustProxy(value: string | undefined): string[] | undefined {
  const parts = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return parts.length > 0 ? parts : undefined;
}

/** A positive number from the environment, else undefined (the default applies). */
function positiveNumber(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The JWT secret from the environment, or one generated once and kept in the data directory. */
function loadOrCreateSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Fieldbook <no-reply@fieldbook.local>',
    feedbackEmail: env.FEEDBACK_EMAIL || undefined,
    trainingUrl: env.TRAINING_URL || undefined,
    bingMapsKey: env.BING_MAPS_KEY || undefined,
    googleMapsKey: env.GOOGLE_MAPS_KEY || undefined,
    allowPrivateServiceUrls: env.ALLOW_PRIVATE_SERVICE_URLS === 'true',
    jwtSecret: loadOrCreateSecret(dataDir, env.JWT_SECRET),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    jobStaleAfterMs: positiveNumber(env.JOB_STALE_AFTER_MS),
    s3: parseS3Settings(env),
    attachmentUrlTtlSeconds: positiveNumber(env.ATTACHMENT_URL_TTL_SECONDS),
    inbound: {
      smtpPort: positiveNumber(env.INBOUND_SMTP_PORT),
      smtpHost: env.INBOUND_SMTP_HOST || '0.0.0.0',
      mailDomain: (env.INBOUND_MAIL_DOMAIN || new URL(publicUrl).hostname).toLowerCase(),
      webhookSecret: env.ONECALL_WEBHOOK_SECRET || undefined,
    },
  };
}
