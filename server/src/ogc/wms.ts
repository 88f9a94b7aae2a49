import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/types.js';
import { INFO_FORMATS, featureInfoBody, featuresAtPixel, infoFormatOf } from './feature-info.js';
import { legendGraphic, legendStyleXml } from './legend.js';
import { parseStyleBody } from './styles-for-render.js';
import { tileCache } from './tile-cache.js';
import { frameOf, getMapRequestOf, MAX_MAP_SIZE, SUPPORTED_CRS, latToMercator, lonToMercator } from './wms-params.js';
import { namedStyle, renderMeta, type RenderMeta } from './wms-query.js';
import { dictionaryLook, fixedLook, renderMap, type LayerLook, type MapPart } from './wms-render.js';
import { mapLayerExtent } from './raster-extent.js';
import type { WfsLayer } from './wfs.js';
import { localNameOf, namesLayer } from './published-names.js';
import { OgcError, xmlEscape } from './xml.js';

/** WMS 1.3.0 errors: a ServiceExceptionReport with the standard's codes. */
export function serviceExceptionReport(code: string, locator: string, text: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc">
  <ServiceException code="${xmlEscape(code)}" locator="${xmlEscape(locator)}">${xmlEscape(text)}</ServiceException>
</ServiceExceptionReport>`;
}

/** A LAYERS / QUERY_LAYERS name: the layer id (what the web client sends) or its WFS type name. */
function resolveLayers(layers: WfsLayer[], names: string[], locator: string): WfsLayer[] {
  return names.map((name) => {
    const found = layers.find((l) => namesLayer(l, name));
    if (!found) throw new OgcError('LayerNotDefined', locator, `Unknown layer ${name}`);
    return found;
  });
}

const parsedStyles = new Map<string, LayerLook | null>();

function styleLook(id: string, updatedAt: Date | null, format: string, body: string): LayerLook | null {
  const key = `${id}:${updatedAt?.getTime() ?? 0}`;
  if (!parsedStyles.has(key)) {
    const s = parseStyleBody(format, body);
    if (parsedStyles.size > 500) parsedStyles.clear();
    parsedStyles.set(key, s ? fixedLook(s) : null);
  }
  return parsedStyles.get(key)!;
}

/** The look of a layer and the part of the tile key it contributes (data, style and dictionary versions). */
async function lookOf(db: Executor, meta: RenderMeta, styleName: string): Promise<{ look: LayerLook; key: string }> {
  const data = `${meta.id}@${meta.dataVersion}`;
  if (styleName !== '' && styleName.toLowerCase() !== 'default') {
    const style = await namedStyle(db, meta.organizationId, styleName);
    const look = style && styleLook(style.id, style.updated_at, style.format, style.body);
    if (!look) throw new OgcError('StyleNotDefined', 'STYLES', `Unknown style ${styleName}`);
    return { look, key: `${data}:s${style.id}@${style.updated_at.getTime()}` };
  }
  const dictionaryKey = `d${meta.dictionaryId}@${meta.dictionaryUpdatedAt?.getTime()}`;
  // A dictionary style chosen for the whole layer wins over its SLD/CSS style and the per-feature classes.
  if (meta.layerStyle) {
    const { systemId, componentId, updatedAt } = meta.layerStyle;
    const look = fixedLook((await dictionaryLook(db, meta)).of(systemId, componentId));
    return { look, key: `${data}:l${systemId}/${componentId}@${updatedAt.getTime()}:${dictionaryKey}` };
  }
  if (meta.styleId && meta.styleBody && meta.styleFormat) {
    const look = styleLook(meta.styleId, meta.styleUpdatedAt, meta.styleFormat, meta.styleBody);
    if (look) return { look, key: `${data}:s${meta.styleId}@${meta.styleUpdatedAt?.getTime()}` };
  }
  return { look: await dictionaryLook(db, meta), key: `${data}:${dictionaryKey}` };
}

/** What map requests read: the database, and the data folder holding raster layers' images. */
export interface MapSources {
  db: Executor;
  config: { dataDir: string };
}

/** A layer's part of the map and of its cache key: a raster layer's image, or features in their look. */
async function partOf(db: Executor, meta: RenderMeta, styleName: string): Promise<MapPart & { key: string }> {
  const { raster } = meta;
  // The stored image never changes; the data version is kept in the key so a map-service reset still misses.
  if (raster) return { meta: { ...meta, raster }, look: null, key: `${meta.id}@${meta.dataVersion}:r${raster.file}` };
  return { meta, ...(await lookOf(db, meta, styleName)) };
}

/** GetMap (and WMS-TILE, the same request with TILED=true): a PNG from the tile cache or rendered. */
export async function getMap(
  sources: MapSources,
  layers: WfsLayer[],
  params: Record<string, string>,
): Promise<{ png: Buffer; etag: string; type: string }> {
  const { db } = sources;
  const req = getMapRequestOf(params);
  const chosen = resolveLayers(layers, req.layers, 'LAYERS');
  const metas = await renderMeta(
    db,
    chosen.map((l) => l.id),
  );
  const parts = await Promise.all(chosen.map((l, i) => partOf(db, metas.get(l.id)!, req.styles[i])));
  const key = `${parts.map((p) => p.key).join('|')}|${req.crs}|${req.bbox.join(',')}|${req.width}x${req.height}|${req.format}|${req.transparent ? 't' : req.bgcolor}`;
  const etag = `"${createHash('sha1').update(key).digest('base64url').slice(0, 20)}"`;
  const cached = tileCache.get(key);
  if (cached) return { png: cached, etag, type: req.format };
  const png = await renderMap(db, sources.config.dataDir, req, parts);
  tileCache.set(key, png);
  return { png, etag, type: req.format };
}

export async function getFeatureInfo(db: Executor, layers: WfsLayer[], params: Record<string, string>) {
  const frame = frameOf(params);
  const names = (params.query_layers ?? params.layers ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (names.length === 0) throw new OgcError('LayerNotQueryable', 'QUERY_LAYERS', 'QUERY_LAYERS is required');
  const chosen = resolveLayers(layers, names, 'QUERY_LAYERS');
  const i = Number(params.i ?? params.x);
  const j = Number(params.j ?? params.y);
  if (!Number.isInteger(i) || !Number.isInteger(j) || i < 0 || j < 0 || i >= frame.width || j >= frame.height) {
    throw new OgcError(
      'InvalidPoint',
      params.i !== undefined ? 'I' : 'J',
      'I and J must be pixel positions inside the map',
    );
  }
  const format = infoFormatOf(params.info_format);
  const count = Math.min(Math.max(1, Number(params.feature_count ?? 1) || 1), 1000);
  const tolerance = Math.min(Math.max(0, Number(params.buffer ?? 6) || 0), 100);
  return featureInfoBody(
    await featuresAtPixel(
      db,
      chosen.map((l) => l.id),
      frame,
      i,
      j,
      tolerance,
      count,
    ),
    format,
  );
}

/** GetLegendGraphic (SLD-WMS): the legend of LAYER in STYLE, drawn from the look GetMap would use. */
async function getLegendGraphic(db: Executor, layers: WfsLayer[], params: Record<string, string>) {
  const name = (params.layer ?? params.layers ?? '').trim();
  if (name === '') throw new OgcError('MissingParameterValue', 'LAYER', 'LAYER is required');
  const [layer] = resolveLayers(layers, [name], 'LAYER');
  const meta = (await renderMeta(db, [layer.id])).get(layer.id)!;
  return legendGraphic(db, layer, await partOf(db, meta, params.style ?? params.styles ?? ''), params);
}

const fmt = (n: number) => String(Number(n.toFixed(9)));

export async function wmsCapabilities(
  db: Executor,
  layers: WfsLayer[],
  serviceUrl: string,
  title: string,
): Promise<string> {
  const url = xmlEscape(serviceUrl);
  const resource = `<OnlineResource xlink:type="simple" xlink:href="${url}"/>`;
  const dcp = `<DCPType><HTTP><Get>${resource}</Get></HTTP></DCPType>`;
  const items: string[] = [];
  let all: [number, number, number, number] | null = null;
  for (const l of layers) {
    const e = (await mapLayerExtent(db, l.id)) ?? [-180, -85, 180, 85];
    const [w, s, east, n] = [e[0] - 1e-4, Math.max(-85, e[1] - 1e-4), e[2] + 1e-4, Math.min(85, e[3] + 1e-4)];
    all = all
      ? [Math.min(all[0], w), Math.min(all[1], s), Math.max(all[2], east), Math.max(all[3], n)]
      : [w, s, east, n];
    items.push(`      <Layer queryable="1" opaque="0">
        <Name>${xmlEscape(localNameOf(l))}</Name><Title>${xmlEscape(l.name)}</Title>
        <EX_GeographicBoundingBox><westBoundLongitude>${fmt(w)}</westBoundLongitude><eastBoundLongitude>${fmt(east)}</eastBoundLongitude><southBoundLatitude>${fmt(s)}</southBoundLatitude><northBoundLatitude>${fmt(n)}</northBoundLatitude></EX_GeographicBoundingBox>
        <BoundingBox CRS="CRS:84" minx="${fmt(w)}" miny="${fmt(s)}" maxx="${fmt(east)}" maxy="${fmt(n)}"/>
        <BoundingBox CRS="EPSG:4326" minx="${fmt(s)}" miny="${fmt(w)}" maxx="${fmt(n)}" maxy="${fmt(east)}"/>
        <BoundingBox CRS="EPSG:3857" minx="${fmt(lonToMercator(w))}" miny="${fmt(latToMercator(s))}" maxx="${fmt(lonToMercator(east))}" maxy="${fmt(latToMercator(n))}"/>
        ${legendStyleXml(localNameOf(l), serviceUrl)}
      </Layer>`);
  }
  const b = all ?? [-180, -85, 180, 85];
  return `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:sld="http://www.opengis.net/sld">
  <Service>
    <Name>WMS</Name><Title>${xmlEscape(title)}</Title>${resource}
    <LayerLimit>${Math.max(1, layers.length)}</LayerLimit><MaxWidth>${MAX_MAP_SIZE}</MaxWidth><MaxHeight>${MAX_MAP_SIZE}</MaxHeight>
  </Service>
  <Capability>
    <Request>
      <GetCapabilities><Format>text/xml</Format>${dcp}</GetCapabilities>
      <GetMap><Format>image/png</Format><Format>image/jpeg</Format>${dcp}</GetMap>
      <GetFeatureInfo>${INFO_FORMATS.map((f) => `<Format>${f}</Format>`).join('')}${dcp}</GetFeatureInfo>
      <sld:GetLegendGraphic><Format>image/png</Format>${dcp}</sld:GetLegendGraphic>
    </Request>
    <Exception><Format>XML</Format></Exception>
    <Layer>
      <Title>${xmlEscape(title)}</Title>
${SUPPORTED_CRS.map((c) => `      <CRS>${c}</CRS>`).join('\n')}
      <EX_GeographicBoundingBox><westBoundLongitude>${fmt(b[0])}</westBoundLongitude><eastBoundLongitude>${fmt(b[2])}</eastBoundLongitude><southBoundLatitude>${fmt(b[1])}</southBoundLatitude><northBoundLatitude>${fmt(b[3])}</northBoundLatitude></EX_GeographicBoundingBox>
${items.join('\n')}
    </Layer>
  </Capability>
</WMS_Capabilities>`;
}

/** One WMS request for the given viewable layers; OGC errors become a ServiceExceptionReport (400). */
export async function serveWms(
  sources: MapSources,
  reply: FastifyReply,
  layers: WfsLayer[],
  params: Record<string, string>,
  serviceUrl: string,
  title: string,
  ifNoneMatch?: string,
) {
  const { db } = sources;
  try {
    if (params.service && params.service.toUpperCase() !== 'WMS')
      throw new OgcError('InvalidParameterValue', 'SERVICE', 'Only WMS is served here');
    const request = (params.request ?? '').toLowerCase();
    if (request === 'getcapabilities' || request === 'capabilities') {
      return reply.type('text/xml; charset=utf-8').send(await wmsCapabilities(db, layers, serviceUrl, title));
    }
    if (request === 'getmap') {
      const { png, etag, type } = await getMap(sources, layers, params);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (ifNoneMatch === etag) return reply.status(304).send();
      return reply.type(type).send(png);
    }
    if (request === 'getfeatureinfo') {
      const { contentType, body } = await getFeatureInfo(db, layers, params);
      return reply.type(contentType).send(body);
    }
    if (request === 'getlegendgraphic') {
      const { png, etag } = await getLegendGraphic(db, layers, params);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (ifNoneMatch === etag) return reply.status(304).send();
      return reply.type('image/png').send(png);
    }
    if (request === '') throw new OgcError('MissingParameterValue', 'REQUEST', 'REQUEST is required');
    throw new OgcError('OperationNotSupported', 'REQUEST', `Unsupported request ${params.request}`);
  } catch (err) {
    if (err instanceof OgcError)
      return reply
        .status(400)
        .type('text/xml; charset=utf-8')
        .send(serviceExceptionReport(err.code, err.locator, err.message));
    throw err;
  }
}
