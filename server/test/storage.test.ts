import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseS3Settings } from '../src/config.js';
import { createStorage, diskStorage, type FileStorage } from '../src/platform/storage.js';
import { s3Storage } from '../src/platform/s3-storage.js';
import { startTestS3, type TestS3 } from './s3-server.js';

/**
 * The file store's two backends behave alike: the data directory (default) and an S3-compatible
 * bucket (S3_* settings), the latter against a real S3 server in the process (s3rver behind a
 * Signature V4 check, test/s3-server.ts).
 */
const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'fieldbook-storage-'));
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31) % 256));

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => s3?.close());

const backends: Array<[string, () => FileStorage]> = [
  ['disk', () => diskStorage(tmp())],
  ['S3', () => s3Storage(s3.settings)],
];

describe.each(backends)('file store on %s', (_name, make) => {
  it('stores, reads, streams, sizes and deletes files; absent files read as null', async () => {
    const files = make();
    const key = `attachments/org-1/${Date.now()}/photo (1) é+x.jpg`;
    const data = bytes(70_000);
    expect(await files.get(key)).toBeNull();
    expect(await files.stat(key)).toBeNull();
    expect(await files.read(key)).toBeNull();

    await files.put(key, data);
    expect(Buffer.compare((await files.get(key))!, data)).toBe(0);
    expect(await files.stat(key)).toEqual({ size: data.length });
    const streamed = (await files.read(key))!;
    expect(streamed.size).toBe(data.length);
    const chunks: Buffer[] = [];
    for await (const chunk of streamed.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.compare(Buffer.concat(chunks), data)).toBe(0);

    await files.put(key, Buffer.from('replaced'));
    expect((await files.get(key))!.toString()).toBe('replaced');

    await files.delete(key);
    expect(await files.get(key)).toBeNull();
    expect(await files.stat(key)).toBeNull();
    await files.delete(key); // deleting an absent file is not an error
  });

  it('takes a file from disk (an export result): stored under its key, the source gone', async () => {
    const files = make();
    const source = path.join(tmp(), 'result.csv');
    writeFileSync(source, 'a,b\n1,2\n');
    const key = `exports/org-1/${Date.now()}/result.csv`;
    await files.putFile(key, source);
    expect(existsSync(source)).toBe(false);
    expect(await text((await files.read(key))!.stream)).toBe('a,b\n1,2\n');
  });

  it('refuses keys that would reach outside the store', async () => {
    const files = make();
    for (const key of ['../escape.txt', 'a/../../escape.txt'])
      await expect(files.put(key, Buffer.from('x'))).rejects.toThrow();
  });
});

describe('S3 bucket', () => {
  it('keeps objects in the configured bucket under the prefix, signed with the configured secret', async () => {
    const files = s3Storage({ ...s3.settings, prefix: 'tenant-a/files' });
    await files.put('symbols/one.png', Buffer.from('png bytes'));
    // Read back as any S3 client would, at bucket/prefix/key.
    const client = new AwsClient({ ...s3.settings, service: 's3' });
    const res = await client.fetch(`${s3.settings.endpoint}/${s3.settings.bucket}/tenant-a/files/symbols/one.png`);
    expect([res.status, await res.text()]).toEqual([200, 'png bytes']);
    expect(await s3Storage(s3.settings).get('symbols/one.png')).toBeNull();
  });

  it('fails loudly (no silent loss) with a wrong secret or a missing bucket', async () => {
    const refusedBefore = s3.refused;
    const wrongSecret = s3Storage({ ...s3.settings, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.put('x/y.txt', Buffer.from('x'))).rejects.toThrow(/403/);
    await expect(wrongSecret.get('x/y.txt')).rejects.toThrow(/403/);
    expect(s3.refused).toBeGreaterThan(refusedBefore);
    await expect(
      s3Storage({ ...s3.settings, bucket: 'no-such-bucket' }).put('x/y.txt', Buffer.from('x')),
    ).rejects.toThrow();
  });

  it('is chosen by S3_BUCKET with its endpoint and keys; the data directory otherwise', async () => {
    expect(parseS3Settings({})).toBeUndefined();
    expect(() => parseS3Settings({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://s3.test' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not/,
    );
    const settings = parseS3Settings({
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: `${s3.settings.endpoint}/`,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_PREFIX: '/configured/',
    });
    expect(settings).toEqual({ ...s3.settings, prefix: 'configured' });
    const dataDir = tmp();
    const onBucket = createStorage({ dataDir, s3: settings });
    await onBucket.put('a.txt', Buffer.from('in the bucket'));
    expect(existsSync(path.join(dataDir, 'files', 'a.txt'))).toBe(false);
    expect((await s3Storage({ ...s3.settings, prefix: 'configured' }).get('a.txt'))!.toString()).toBe('in the bucket');
    await createStorage({ dataDir }).put('a.txt', Buffer.from('on disk'));
    expect(existsSync(path.join(dataDir, 'files', 'a.txt'))).toBe(true);
  });
});
