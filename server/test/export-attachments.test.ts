import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { harness } from './harness.js';
import { attach, picture } from './attachment-fixtures.js';
import { exported, hasGdal, ogrSummary, request, world } from './export-fixtures.js';

/**
 * Export with attachments (spec 3 §3 export request `exportAttachments`): a surveyor's photos leave
 * with their points, each under attachments/<ogc_fid>/ and listed in attachments.csv by the ogc_fid the
 * exported layer carries, so a GIS joins them back.
 */
describe('export with attachments', () => {
  it('delivers the exported features’ files beside the layer, joined by ogc_fid; deleted files stay out', async () => {
    const h = await harness();
    const w = await world(h);
    const points = await h.db
      .selectFrom('features')
      .select(['id', 'kind'])
      .where('layer_id', '=', w.layerId)
      .where('kind', '=', 'point')
      .orderBy('id')
      .limit(2)
      .execute();
    const [first, second] = points.map((p) => ({ id: `${p.kind}.${p.id}` }));
    const photo = await picture(64, 48, 'png');
    await attach(h, w.admin, {
      featureId: first!.id,
      layerId: w.layerId,
      name: 'valve.png',
      data: photo,
      type: 'image/png',
    });
    await attach(h, w.admin, {
      featureId: first!.id,
      layerId: w.layerId,
      name: 'notes.txt',
      data: 'depth 1.2 m, "ok"',
      type: 'text/plain',
    });
    const gone = await attach(h, w.admin, {
      featureId: second!.id,
      layerId: w.layerId,
      name: 'old.png',
      data: photo,
      type: 'image/png',
    });
    expect(
      (await h.app.inject({ method: 'POST', url: `/api/MapFile/Delete/${gone.File_ID}`, headers: w.admin.auth }))
        .statusCode,
    ).toBe(204);

    const { dir, name } = await exported(h, w, 'layer', w.layerId, request('Shapefile', { exportAttachments: true }));
    expect(name.endsWith('.zip')).toBe(true);
    const fid = first!.id.split('.').pop()!;
    expect(readFileSync(path.join(dir, 'attachments', fid, 'valve.png')).equals(photo)).toBe(true);
    expect(readFileSync(path.join(dir, 'attachments', fid, 'notes.txt'), 'utf8')).toBe('depth 1.2 m, "ok"');
    const index = readFileSync(path.join(dir, 'attachments', 'attachments.csv'), 'utf8')
      .trim()
      .split('\r\n');
    expect(index).toHaveLength(3);
    expect(index[0]).toBe('ogc_fid,layer,file,file_type,vertex,note');
    expect(index.slice(1).map((l) => l.split(',').slice(0, 4))).toEqual([
      [fid, expect.any(String), `attachments/${fid}/valve.png`, 'Photo'],
      [fid, expect.any(String), `attachments/${fid}/notes.txt`, 'File'],
    ]);
    if (hasGdal) {
      // The layer beside them still opens in GDAL, with the ogc_fid the table names.
      const shp = readdirSync(dir).find((f) => f.endsWith('.shp'))!;
      const [layer] = await ogrSummary(path.join(dir, shp));
      expect(layer!.fields.map((f) => f.name)).toContain('ogc_fid');
    }

    // KMZ stays a KMZ Google Earth opens, delivered in a zip beside the files.
    const kmz = await exported(h, w, 'layer', w.layerId, request('KMZ', { exportAttachments: true }));
    expect(kmz.name.endsWith('.zip')).toBe(true);
    expect(readFileSync(path.join(kmz.dir, 'attachments', fid, 'valve.png')).equals(photo)).toBe(true);
    // Without attachments asked for, none come.
    const plain = await exported(h, w, 'layer', w.layerId, request('GeoJSON'));
    expect(plain.name.endsWith('.geojson')).toBe(true);
  }, 120_000);
});
