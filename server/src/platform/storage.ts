import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import type { Config } from '../config.js';
import { SignedUrls } from './signed-urls.js';
import { s3Storage } from './s3-storage.js';

/**
 * Where stored files (attachments, symbol images, export results) live: the data directory's files/
 * folder, or an S3-compatible bucket when configured (createStorage). Keys are relative paths.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a file from disk (an export's result), taking it: it is moved when it can be. */
  putFile(key: string, file: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** A stored file as a stream with its size, for large files (export results); null when absent. */
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** Whether a file is stored, with its size; null when absent. */
  stat(key: string): Promise<{ size: number } | null>;
}

/** Stored files from the configuration: a bucket when S3 settings are given, the data directory otherwise. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(path.join(config.dataDir, 'files'));
}

const absent = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

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
    async putFile(key, file) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      try {
        await rename(file, full(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await copyFile(file, full(key));
        await rm(file, { force: true });
      }
    },
    async read(key) {
      try {
        const { size } = await stat(full(key));
        return { stream: createReadStream(full(key)), size };
      } catch (err) {
        if (absent(err)) return null;
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch (err) {
        if (absent(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
    async stat(key) {
      try {
        const info = await stat(full(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (err) {
        if (absent(err)) return null;
        throw err;
      }
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
export class UploadUrls extends SignedUrls<UploadGrant> {
  constructor(secret: string) {
    super(secret, 'upload', '/files/upload', UPLOAD_TTL_SECONDS);
  }
}
