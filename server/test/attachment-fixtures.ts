import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import type { SignedIn } from './factories.js';
import type { Harness } from './harness.js';

/** A real image of that size, as a camera or a phone would send it. */
export async function picture(width: number, height: number, type: 'png' | 'jpeg'): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2e7d32';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#fdd835';
  ctx.fillRect(width / 4, height / 4, width / 2, height / 2);
  return type === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 90);
}

/** Width and height of an image as a browser would decode it. */
export async function sizeOf(data: Buffer): Promise<[number, number]> {
  const image = await loadImage(data);
  return [image.width, image.height];
}

export interface Upload {
  featureId: string;
  layerId: string;
  name: string;
  data: Buffer | string;
  /** The body's Content-Type; null sends none. */
  type?: string | null;
  vertex?: number;
  newId?: string;
}

/** POST /api/MapFile/Create as the ATTACHMENTS tab sends it: query parameters and the file's bytes. */
export function upload(app: FastifyInstance, who: SignedIn, u: Upload) {
  const query = new URLSearchParams({
    NewID: u.newId ?? randomUUID(),
    FileName: u.name,
    TableID: u.layerId,
    FeatureID: u.featureId,
    MapID: 'project-map',
    ...(u.vertex !== undefined ? { Vertex: String(u.vertex) } : {}),
  });
  const type = u.type === undefined ? 'application/octet-stream' : u.type;
  return app.inject({
    method: 'POST',
    url: `/api/MapFile/Create?${query.toString()}`,
    headers: { ...who.auth, ...(type !== null ? { 'content-type': type } : {}) },
    payload: u.data,
  });
}

/** Uploads and answers the attachment (throws on a refusal). */
export async function attach(h: Harness, who: SignedIn, u: Upload) {
  const res = await upload(h.app, who, u);
  if (res.statusCode !== 201) throw new Error(`upload ${u.name}: ${res.statusCode} ${res.body}`);
  return res.json() as { File_ID: string; File: string; size: number; has_thumbnail: boolean; content_type: string };
}

/** Every file the data directory's store holds for an organization's attachments. */
export function storedAttachmentFiles(app: FastifyInstance, organizationId: string): string[] {
  const root = path.join(app.deps.config.dataDir, 'files', 'attachments', organizationId);
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}
