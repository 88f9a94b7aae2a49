import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ATTACHMENT_THUMB_WIDTH } from '@fieldbook/domain';

/** Raster image types a thumbnail is made of (SVG is a document, served as a download, never drawn). */
const RASTER_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

export const isRasterImage = (contentType: string) => RASTER_TYPES.has(contentType);

/**
 * Images decode lazily: the size is known before the pixels are. Drawing one of more pixels than
 * this (a few hundred MB decoded, e.g. a small PNG claiming 20,000 × 20,000) is not attempted.
 */
const MAX_PIXELS = 64_000_000;

export interface Thumbnail {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
}

/**
 * The preview thumbnail of an uploaded image (spec 3 §9: 375 px wide): scaled down to that width,
 * never up, EXIF orientation applied by the decoder; JPEG for JPEG photos, PNG otherwise (keeps
 * transparency). null when the file is not a raster image or cannot be decoded: it then has no thumbnail.
 */
export async function makeThumbnail(data: Buffer, contentType: string): Promise<Thumbnail | null> {
  if (!isRasterImage(contentType)) return null;
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(data);
  } catch {
    return null;
  }
  if (!image.width || !image.height || image.width * image.height > MAX_PIXELS) return null;
  const width = Math.min(ATTACHMENT_THUMB_WIDTH, image.width);
  const height = Math.max(1, Math.round((image.height * width) / image.width));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  try {
    ctx.drawImage(image, 0, 0, width, height);
  } catch {
    return null;
  }
  return contentType === 'image/jpeg'
    ? { data: await canvas.encode('jpeg', 82), contentType: 'image/jpeg', width }
    : { data: await canvas.encode('png'), contentType: 'image/png', width };
}
