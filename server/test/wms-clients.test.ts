import { publishedNames } from '../src/ogc/published-names.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpLayerDataVersion } from '../src/ogc/data-version.js';
import { LEGEND_PAD, LEGEND_ROW_GAP } from '../src/ogc/legend-draw.js';
import { DEFAULT_BLUE, pixels, rgba, tileAround } from './map-images.js';
import {
  POLYGON,
  RED_POINT,
  gdalEnv,
  get,
  hasGdal,
  ogcClientWorld,
  run,
  type OgcClientWorld,
} from './ogc-client-world.js';

const RED = rgba('#ff0000');

let w: OgcClientWorld;
beforeAll(async () => {
  w = await ogcClientWorld();
});
afterAll(() => w?.app.close());

const wms = (query: string) => `/rest/projects/ogc/${w.project.id}/wms?key=${w.key}&SERVICE=WMS&VERSION=1.3.0&${query}`;
/** GetFeatureInfo at the centre pixel of a 2 km tile around a place. */
const info = (layer: string, [lng, lat]: number[], format: string) =>
  wms(
    `REQUEST=GetFeatureInfo&LAYERS=${layer}&QUERY_LAYERS=${layer}&STYLES=&CRS=EPSG:3857&BBOX=${tileAround(lng, lat)}&WIDTH=256&HEIGHT=256&I=128&J=128&INFO_FORMAT=${encodeURIComponent(format)}`,
  );
const legend = (layer: string, extra = '') => wms(`REQUEST=GetLegendGraphic&LAYER=${layer}&FORMAT=image/png${extra}`);

/** What OGR reads from a GML answer: its features as ogrinfo prints them. */
async function ogrRead(gml: string): Promise<string> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'gfi-')), 'info.gml');
  writeFileSync(file, gml);
  return (await run('ogrinfo', ['-ro', '-al', file], { env: gdalEnv() })).stdout;
}

/** The distinct opaque colours of a legend row's swatch (20 px square at the left). */
async function swatchColours(png: Buffer, row: number, size = 20): Promise<string[]> {
  const at = await pixels(png);
  const top = LEGEND_PAD + row * (size + LEGEND_ROW_GAP);
  const seen = new Set<string>();
  for (let y = top; y < top + size; y++)
    for (let x = LEGEND_PAD; x < LEGEND_PAD + size; x++) if (at(x, y)[3] === 255) seen.add(at(x, y).join(','));
  return [...seen];
}
const legendHeight = (rows: number, size = 20) => 2 * LEGEND_PAD + rows * size + (rows - 1) * LEGEND_ROW_GAP;

describe('WMS for GIS clients (issue #11)', () => {
  it('advertises GML and HTML feature info and a legend per layer style in the capabilities', async () => {
    const caps = await get(w, wms('REQUEST=GetCapabilities'));
    expect(caps.status).toBe(200);
    const formats = /<GetFeatureInfo>(.*?)<DCPType>/s.exec(caps.body)![1];
    for (const f of ['application/vnd.ogc.gml', 'application/vnd.ogc.gml/3.1.1', 'text/xml', 'text/html'])
      expect(formats).toContain(`<Format>${f}</Format>`);
    expect(caps.body).toContain('<sld:GetLegendGraphic><Format>image/png</Format>');
    expect(caps.body.match(/<LegendURL>/g)).toHaveLength(3);
    const point = (await publishedNames(w.h.db, w.project.id)).get(w.layer('point'))!;
    expect(caps.body).toContain(`<Name>${point}</Name>`);
    expect(caps.body).toContain(
      `xlink:href="${w.base}/rest/projects/ogc/${w.project.id}/wms?key=${w.key}&amp;SERVICE=WMS&amp;VERSION=1.3.0&amp;REQUEST=GetLegendGraphic&amp;FORMAT=image/png&amp;LAYER=${point}&amp;STYLE=default"`,
    );
    // The legend a client follows by that name is the one the layer's id gives.
    expect((await get(w, legend(point))).raw).toEqual((await get(w, legend(w.layer('point')))).raw);
  });

  it('answers GetFeatureInfo as GML 2 and GML 3.1.1 that OGR reads, and as an escaped HTML table', async () => {
    const gml2 = await get(w, info(w.layer('point'), RED_POINT, 'application/vnd.ogc.gml'));
    expect(gml2.status, gml2.body).toBe(200);
    expect(gml2.type).toContain('application/vnd.ogc.gml');
    expect(gml2.body).toContain('<gml:coordinates decimal="." cs="," ts=" ">-105,39.5</gml:coordinates>');
    expect(gml2.body).toContain('<fb:system>Electric</fb:system>');

    const gml3 = await get(w, info(w.layer('point'), RED_POINT, 'application/vnd.ogc.gml/3.1.1'));
    expect(gml3.body).toContain('<gml:pos>39.5 -105</gml:pos>');
    expect((await get(w, info(w.layer('point'), RED_POINT, 'text/xml'))).body).toBe(gml3.body);
    const [a, b] = POLYGON[2];
    const polygon = await get(
      w,
      info(w.layer('polygon'), [(POLYGON[0][0] + a) / 2, (POLYGON[0][1] + b) / 2], 'text/xml'),
    );
    expect(polygon.body).toContain(
      '<gml:MultiSurface srsName="urn:ogc:def:crs:EPSG::4326"><gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>39.4 -104.8 39.4 -104.7',
    );
    const empty = await get(w, info(w.layer('point'), [10, 10], 'application/vnd.ogc.gml'));
    expect(empty.body).not.toContain('featureMember');

    if (hasGdal) {
      for (const body of [gml2.body, gml3.body]) {
        const read = await ogrRead(body);
        expect(read).toContain('POINT (-105 39.5)');
        expect(read).toMatch(/system \(String\) = Electric/);
      }
      expect(await ogrRead(polygon.body)).toContain(
        'MULTIPOLYGON (((-104.8 39.4,-104.7 39.4,-104.7 39.5,-104.8 39.5,-104.8 39.4)))',
      );
    }

    const html = await get(w, info(w.layer('point'), RED_POINT, 'text/html'));
    expect(html.type).toContain('text/html');
    expect(html.body).toContain('<td>Electric</td>');
    // Attribute values are JSON text with quotes: escaped, never raw markup.
    expect(html.body).toContain('&quot;');
    const bad = await get(w, info(w.layer('point'), RED_POINT, 'application/pdf'));
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('code="InvalidFormat"');
  });

  it.runIf(hasGdal)('gives GDAL the feature under a location (gdallocationinfo asks for GML)', async () => {
    const env = gdalEnv();
    const point = (await publishedNames(w.h.db, w.project.id)).get(w.layer('point'))!;
    const caps = await run('gdalinfo', [`WMS:${w.base}${wms('REQUEST=GetCapabilities')}`], { env });
    const sub = caps.stdout
      .split('\n')
      .find((l) => l.includes('_NAME=') && l.includes(`LAYERS=${point}`))!
      .replace(/^\s*SUBDATASET_\d+_NAME=/, '')
      .trim();
    // At the subdataset's full resolution (2^30 px across) a pixel is 1e-10 degree; an overview of
    // about 10 cm pixels is what a user's screen would ask at.
    const located = await run(
      'gdallocationinfo',
      ['-wgs84', '-xml', '-overview', '12', sub, String(RED_POINT[0]), String(RED_POINT[1])],
      { env },
    );
    expect(located.stdout).toContain('Electric');
  });

  it('draws a legend of the dictionary classes a layer uses, in the colours the map uses', async () => {
    const res = await get(w, legend(w.layer('point')));
    expect(res.status, res.body).toBe(200);
    expect(res.type).toBe('image/png');
    const image = await loadImage(res.raw);
    // Electric (red) first, then the features without a class (the layer's name, default blue).
    expect(image.height).toBe(legendHeight(2));
    expect(image.width).toBeGreaterThan(2 * LEGEND_PAD + 20 + 20);
    expect(await swatchColours(res.raw, 0)).toContain(RED.join(','));
    expect(await swatchColours(res.raw, 1)).toContain(DEFAULT_BLUE.join(','));
    // White unless TRANSPARENT=true; bigger swatches with WIDTH/HEIGHT.
    expect((await pixels(res.raw))(0, 0)).toEqual([255, 255, 255, 255]);
    const clear = await get(w, legend(w.layer('point'), '&TRANSPARENT=true&WIDTH=32&HEIGHT=32'));
    expect((await pixels(clear.raw))(0, 0)[3]).toBe(0);
    expect((await loadImage(clear.raw)).height).toBe(legendHeight(2, 32));
    expect(await swatchColours(clear.raw, 0, 32)).toContain(RED.join(','));

    const again = await get(w, legend(w.layer('point')), { 'if-none-match': res.etag! });
    expect(again.status).toBe(304);
    // A feature edit can change the classes: the legend follows the layer's data version.
    await w.h.db.transaction().execute((trx) => bumpLayerDataVersion(trx, [w.layer('point')]));
    expect((await get(w, legend(w.layer('point')), { 'if-none-match': res.etag! })).status).toBe(200);

    const line = await get(w, legend(w.layer('line')));
    expect((await loadImage(line.raw)).height).toBe(legendHeight(1));
    expect(await swatchColours(line.raw, 0)).toContain(DEFAULT_BLUE.join(','));
  });

  it('draws the one look of an SLD/CSS style, of the STYLE parameter and of a layer drawn as one dictionary class', async () => {
    const org = w.admin.organizationId;
    const green = await w.h.db
      .insertInto('styles')
      .values({
        organization_id: org,
        name: `green-${w.project.id}`,
        format: 'css',
        body: '* { fill: #00ff00; fill-opacity: 1; stroke: #004400; }',
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await w.h.db.updateTable('layers').set({ style_id: green.id }).where('id', '=', w.layer('polygon')).execute();
    const polygon = await get(w, legend(w.layer('polygon')));
    expect((await loadImage(polygon.raw)).height).toBe(legendHeight(1));
    expect(await swatchColours(polygon.raw, 0)).toContain('0,255,0,255');

    const named = await get(w, legend(w.layer('point'), `&STYLE=${encodeURIComponent(green.name)}`));
    expect((await loadImage(named.raw)).height).toBe(legendHeight(1));
    expect(await swatchColours(named.raw, 0)).toContain('0,255,0,255');
    const unknown = await get(w, legend(w.layer('point'), '&STYLE=nope'));
    expect(unknown.body).toContain('code="StyleNotDefined"');

    const styled = await w.app.inject({
      method: 'PUT',
      url: `/rest/styles/geo/layer/${w.layer('line')}/style`,
      headers: w.admin.auth,
      payload: { dictionaryId: w.dictionary.id, systemId: w.electric.id },
    });
    expect(styled.statusCode, styled.body).toBeLessThan(300);
    const line = await get(w, legend(w.layer('line')));
    expect((await loadImage(line.raw)).height).toBe(legendHeight(1));
    expect(await swatchColours(line.raw, 0)).toContain(RED.join(','));

    for (const [query, code] of [
      ['REQUEST=GetLegendGraphic&FORMAT=image/png', 'MissingParameterValue'],
      [`REQUEST=GetLegendGraphic&LAYER=nope`, 'LayerNotDefined'],
      [`REQUEST=GetLegendGraphic&LAYER=${w.layer('point')}&FORMAT=image/gif`, 'InvalidFormat'],
      [`REQUEST=GetLegendGraphic&LAYER=${w.layer('point')}&WIDTH=5000`, 'InvalidParameterValue'],
    ]) {
      const res = await get(w, wms(query));
      expect(res.status, query).toBe(400);
      expect(res.body).toContain(`code="${code}"`);
    }
    // A key of another organization reads no legend of this project.
    const other = await get(w, legend(w.layer('point')).replace(`key=${w.key}`, `key=${w.other.key}`));
    expect(other.status).toBe(404);
  });
});
