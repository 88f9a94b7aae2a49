import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import aws4 from 'aws4';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config.js';

/**
 * A real S3-compatible server in the test process: s3rver (objects on a temporary disk, the S3 REST
 * protocol), behind a front that checks each request's AWS Signature V4 with an independent signer
 * (aws4) and the bucket's secret, since s3rver itself checks only the access key id of V4 requests.
 * A request signed with another secret gets S3's 403 SignatureDoesNotMatch.
 */
export interface TestS3 {
  settings: S3Settings;
  /** Requests the front refused for their signature. */
  refused: number;
  close(): Promise<void>;
}

const ACCESS_KEY = 'S3RVER';
const SECRET = 'S3RVER';

function signatureMatches(req: http.IncomingMessage, region: string): boolean {
  const auth = req.headers.authorization ?? '';
  const parts = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/[^,]+, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
    auth,
  );
  if (!parts || parts[1] !== ACCESS_KEY) return false;
  const headers: Record<string, string> = {};
  for (const name of parts[2]!.split(';')) headers[name] = String(req.headers[name] ?? '');
  const signed = aws4.sign(
    { host: headers.host, path: req.url, method: req.method, headers, service: 's3', region },
    { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET },
  );
  return String(signed.headers?.Authorization) === auth;
}

export async function startTestS3(bucket = 'fieldbook', options: Partial<S3Settings> = {}): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const inner = (await s3.run()) as AddressInfo;
  const region = options.region ?? 'eu-central-1';
  const state = { refused: 0 };
  const front = http.createServer((req, res) => {
    if (!signatureMatches(req, region)) {
      state.refused++;
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code></Error>');
      req.resume();
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
      pathStyle: true,
      prefix: '',
      ...options,
    },
    get refused() {
      return state.refused;
    },
    async close() {
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
