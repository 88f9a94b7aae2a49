import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return out;
}

/**
 * RGBA (not premultiplied, as ImageData holds it) → PNG with fast zlib settings. Skia's own PNG
 * encoder took 20–110 ms per 256 px tile here; deflate at level 1 takes 1–6 ms.
 */
export function encodePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  const src = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  for (let y = 0; y < height; y++) src.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride); // filter byte 0: none
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const blanks = new Map<string, Buffer>();

/** A one-colour image (transparent when `rgba` is 0), kept: empty tiles are answered from here. */
export function blankPng(width: number, height: number, rgba = 0): Buffer {
  const key = `${width}x${height}:${rgba}`;
  let png = blanks.get(key);
  if (!png) {
    const pixels = new Uint8Array(width * height * 4);
    for (let i = 0; i < pixels.length; i += 4) {
      pixels[i] = (rgba >>> 24) & 255;
      pixels[i + 1] = (rgba >>> 16) & 255;
      pixels[i + 2] = (rgba >>> 8) & 255;
      pixels[i + 3] = rgba & 255;
    }
    png = encodePng(pixels, width, height);
    if (blanks.size > 64) blanks.clear();
    blanks.set(key, png);
  }
  return png;
}
