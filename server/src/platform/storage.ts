import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

/** Where uploaded files (symbol images, form files) live: the data directory's files/ folder. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export function diskStorage(root: string): FileStorage {
  const full = (key: string) => {
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(path.resolve(root) + path.sep)) throw new Error('file key escapes the storage root');
    return resolved;
  };
  return {
    async put(key, data) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      await writeFile(full(key), data);
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}

export interface UploadGrant {
  target: 'symbol';
  id: string;
  organizationId: string;
  accountId: string;
}

const UPLOAD_TTL_SECONDS = 15 * 60;

/**
 * Short-lived signed upload URLs: the browser PUTs the file straight to the URL, without its
 * authorization header (spec 2 §7 "postUrl"); the token says what the file is for.
 */
export class UploadUrls {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(`upload:${secret}`);
  }

  async create(grant: UploadGrant): Promise<string> {
    const token = await new SignJWT({ ...grant }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt()
      .setExpirationTime(`${UPLOAD_TTL_SECONDS}s`).sign(this.key);
    // Relative: the browser uploads to the origin it loaded the app from.
    return `/files/upload/${token}`;
  }

  async verify(token: string): Promise<UploadGrant | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return payload as unknown as UploadGrant;
    } catch {
      return null;
    }
  }
}
