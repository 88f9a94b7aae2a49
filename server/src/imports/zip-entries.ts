import { open } from 'node:fs/promises';

/**
 * The names of the files in a zip, read from its central directory (the end of the file), so a
 * Shapefile's parts can be checked before GDAL opens it. null when the file is not a readable zip.
 */
export async function zipEntryNames(file: string): Promise<string[] | null> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    // The end-of-central-directory record is 22 bytes plus a comment of up to 65,535 bytes.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i -= 1) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return null;
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (dirOffset + dirSize > size) return null;
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const names: string[] = [];
    let at = 0;
    for (let n = 0; n < count; n += 1) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) return null;
      const nameLength = dir.readUInt16LE(at + 28);
      const extraLength = dir.readUInt16LE(at + 30);
      const commentLength = dir.readUInt16LE(at + 32);
      names.push(dir.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}
