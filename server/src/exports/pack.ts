import { createReadStream, createWriteStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/**
 * Zips what an export wrote, streaming (a million features make hundreds of megabytes: nothing is
 * held in memory). Deflate at level 1: several times quicker than the default for a few percent
 * more bytes, on files that are mostly repeated structure.
 */
export const ZIP_LEVEL = 1;

export async function filesUnder(dir: string, prefix = ''): Promise<Array<{ name: string; file: string }>> {
  const entries = await readdir(dir, { withFileTypes: true });
  const found: Array<{ name: string; file: string }> = [];
  for (const e of entries) {
    if (e.isDirectory()) found.push(...(await filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`)));
    else found.push({ name: `${prefix}${e.name}`, file: path.join(dir, e.name) });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Writes a zip of `files` (name in the zip, file on disk) to `target`. */
export async function zipFiles(files: Array<{ name: string; file: string }>, target: string): Promise<void> {
  const zip = new ZipFile();
  for (const f of files) zip.addReadStream(createReadStream(f.file), f.name, { compressionLevel: ZIP_LEVEL });
  zip.end();
  await pipeline(zip.outputStream as Readable, createWriteStream(target));
}

/**
 * A zip with one entry written as it is produced: `write` gets the entry's stream, and the zip is
 * whole on disk when the returned promise resolves.
 */
export async function zipOneEntry(
  name: string,
  target: string,
  write: (entry: Writable) => Promise<void>,
): Promise<void> {
  const entry = new PassThrough();
  const zip = new ZipFile();
  zip.addReadStream(entry, name, { compressionLevel: ZIP_LEVEL });
  zip.end();
  const written = pipeline(zip.outputStream as Readable, createWriteStream(target));
  try {
    await write(entry);
    entry.end();
  } catch (err) {
    entry.destroy(err as Error);
    await written.catch(() => undefined);
    throw err;
  }
  await written;
}
