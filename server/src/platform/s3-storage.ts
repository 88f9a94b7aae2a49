import { openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Settings } from '../config.js';
import type { FileStorage } from './storage.js';

/** RFC 3986 encoding of one key segment, as Signature V4 canonicalizes it. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Keys are relative paths of plain segments: no empty, "." or ".." segment can reach another object. */
function keySegments(key: string): string[] {
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw new Error(`bad file key: ${key}`);
  return segments;
}

/**
 * The file store in an S3-compatible bucket (AWS S3, MinIO, Ceph…): plain object PUT/GET/HEAD/DELETE
 * signed with AWS Signature V4 (aws4fetch, no SDK). Payloads are sent unsigned (UNSIGNED-PAYLOAD), as S3
 * allows, so a large export result streams from disk without being hashed first.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    retries: 2,
  });
  const endpoint = new URL(settings.endpoint);
  const base = settings.pathStyle
    ? `${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${encodeSegment(settings.bucket)}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/$/, '')}`;
  const prefix = settings.prefix ? settings.prefix.split('/') : [];
  const urlOf = (key: string) => `${base}/${[...prefix, ...keySegments(key)].map(encodeSegment).join('/')}`;

  async function send(method: string, key: string, init: RequestInit = {}) {
    const res = await client.fetch(urlOf(key), { method, ...init });
    if (res.ok || res.status === 404) return res;
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${method} ${key} answered ${res.status}: ${detail}`);
  }
  const upload = async (key: string, body: Blob | Uint8Array<ArrayBuffer>) => {
    const res = await send('PUT', key, { body });
    if (!res.ok) throw new Error(`S3 PUT ${key}: bucket not found`);
  };

  return {
    put: (key, data) => upload(key, new Uint8Array(data)),
    async putFile(key, file) {
      // A Blob on the file: its size is known (S3 needs Content-Length) and it is read as it is sent.
      await upload(key, await openAsBlob(file));
      await rm(file, { force: true });
    },
    async get(key) {
      const res = await send('GET', key);
      return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
    },
    async read(key) {
      const res = await send('GET', key);
      if (!res.ok || !res.body) return null;
      return {
        stream: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        size: Number(res.headers.get('content-length') ?? 0),
      };
    },
    async delete(key) {
      await send('DELETE', key);
    },
    async stat(key) {
      const res = await send('HEAD', key);
      return res.ok ? { size: Number(res.headers.get('content-length') ?? 0) } : null;
    },
  };
}
