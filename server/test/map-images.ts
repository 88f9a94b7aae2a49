import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Harness } from './harness.js';
import type { SignedIn } from './factories.js';

/** One call with the raw answer kept, for images and XML. */
export const rawCall = async (
  h: Harness,
  who: SignedIn | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => {
  const res = await h.app.inject({
    method,
    url,
    headers: { ...(who?.auth ?? {}), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return {
    status: res.statusCode,
    body: res.body,
    raw: res.rawPayload,
    type: String(res.headers['content-type']),
    etag: res.headers.etag as string | undefined,
    json: () => res.json(),
  };
};

export const merc = (lng: number, lat: number) => [
  (lng * 20037508.342789244) / 180,
  Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 6378137,
];
/** A 256 px EPSG:3857 tile 2 km wide centred on a point: the point is at pixel (128, 128). */
export const tileAround = (lng: number, lat: number, half = 1000) => {
  const [x, y] = merc(lng, lat);
  return [x - half, y - half, x + half, y + half].join(',');
};

/** The RGBA of a pixel of a PNG. */
export async function pixels(png: Buffer) {
  if (png.subarray(1, 4).toString() !== 'PNG') throw new Error(`not a PNG: ${png.toString().slice(0, 300)}`);
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  return (x: number, y: number) => Array.from(data.slice((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));
}

export const DEFAULT_BLUE = [0x3f, 0x51, 0xb5, 255];
export const rgba = (hex: string) => [...[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)), 255];
