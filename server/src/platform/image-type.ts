/** Raster image formats recognised by their first bytes, whatever a sender claims the type is. */
const SIGNATURES: Array<{ format: 'png' | 'jpg' | 'gif' | 'webp'; mime: string; bytes: Array<number | null> }> = [
  { format: 'png', mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { format: 'jpg', mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { format: 'gif', mime: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  // RIFF....WEBP (the four bytes between are the size)
  {
    format: 'webp',
    mime: 'image/webp',
    bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
  },
];

export type RasterImage = (typeof SIGNATURES)[number];

/** The raster format of `data` by its signature, or null (HTML, SVG and anything else that could run script). */
export function rasterImageType(data: Uint8Array): RasterImage | null {
  return (
    SIGNATURES.find((s) => data.length >= s.bytes.length && s.bytes.every((b, i) => b === null || data[i] === b)) ??
    null
  );
}
