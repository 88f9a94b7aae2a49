import type { Executor } from '../db/types.js';
import { mapLayerExtent } from './raster-extent.js';
import type { WfsLayer } from './wfs.js';
import { localNameOf } from './published-names.js';
import { latToMercator, lonToMercator } from './wms-params.js';
import { xmlEscape } from './xml.js';

/** The one tile matrix set served: OGC's GoogleMapsCompatible, the web map's EPSG:3857 grid. */
export const TILE_MATRIX_SET = 'GoogleMapsCompatible';
export const MAX_MERCATOR = 20037508.342789244;
/**
 * Zoom levels the capabilities list (0–22, about 4 cm a pixel at the equator). The tile routes draw
 * deeper, but GDAL opens a layer at its most detailed listed level, so listing 30 would make rasters
 * of billions of pixels for no gain in a field survey.
 */
export const LISTED_MAX_ZOOM = 22;
const CRS = 'urn:ogc:def:crs:EPSG::3857';

/** Where a WMTS document sends its clients; URLs already carry the client key when there is one. */
export interface WmtsUrls {
  /** The KVP endpoint (GetCapabilities, GetTile), ending in `?` or `&` so parameters can follow. */
  kvp: string;
  /** The RESTful capabilities document (ServiceMetadataURL). */
  capabilities: string;
  /** A layer's ResourceURL template: {TileMatrix}, {TileCol} and {TileRow} are filled in by clients. */
  tileTemplate: (layerName: string) => string;
  /** GetLegendGraphic of the layer on the WMS serving the same layers, when there is one. */
  legend?: (layerName: string) => string;
}

const fmt = (n: number) => String(Number(n.toFixed(9)));

function tileMatrix(z: number): string {
  const resolution = (2 * MAX_MERCATOR) / 256 / 2 ** z;
  // WMTS scale denominators assume 0.28 mm pixels.
  return `      <TileMatrix><ows:Identifier>${z}</ows:Identifier><ScaleDenominator>${resolution / 0.00028}</ScaleDenominator><TopLeftCorner>${-MAX_MERCATOR} ${MAX_MERCATOR}</TopLeftCorner><TileWidth>256</TileWidth><TileHeight>256</TileHeight><MatrixWidth>${2 ** z}</MatrixWidth><MatrixHeight>${2 ** z}</MatrixHeight></TileMatrix>`;
}

const kvpGet = (href: string) =>
  `<ows:Get xlink:href="${xmlEscape(href)}"><ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get>`;
const restGet = (href: string) =>
  `<ows:Get xlink:href="${xmlEscape(href)}"><ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>RESTful</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get>`;

/**
 * WMTS 1.0.0 capabilities: one Layer per map layer (its WGS84 and EPSG:3857 bounding boxes, which GDAL
 * takes as the raster extent, a default style with its legend, PNG tiles by KVP and by a ResourceURL
 * template) and the GoogleMapsCompatible tile matrix set.
 */
export async function wmtsCapabilities(
  db: Executor,
  layers: WfsLayer[],
  urls: WmtsUrls,
  title: string,
): Promise<string> {
  const items: string[] = [];
  for (const l of layers) {
    // The same padded extent as the WMS capabilities: a single point still has an area.
    const e = (await mapLayerExtent(db, l.id)) ?? [-180, -85, 180, 85];
    const [w, s, east, n] = [
      Math.max(-180, e[0] - 1e-4),
      Math.max(-85, e[1] - 1e-4),
      Math.min(180, e[2] + 1e-4),
      Math.min(85, e[3] + 1e-4),
    ];
    const legend = urls.legend
      ? `<LegendURL format="image/png" xlink:href="${xmlEscape(urls.legend(localNameOf(l)))}"/>`
      : '';
    items.push(`    <Layer>
      <ows:Title>${xmlEscape(l.name)}</ows:Title>
      <ows:WGS84BoundingBox><ows:LowerCorner>${fmt(w)} ${fmt(s)}</ows:LowerCorner><ows:UpperCorner>${fmt(east)} ${fmt(n)}</ows:UpperCorner></ows:WGS84BoundingBox>
      <ows:Identifier>${xmlEscape(localNameOf(l))}</ows:Identifier>
      <ows:BoundingBox crs="${CRS}"><ows:LowerCorner>${fmt(lonToMercator(w))} ${fmt(latToMercator(s))}</ows:LowerCorner><ows:UpperCorner>${fmt(lonToMercator(east))} ${fmt(latToMercator(n))}</ows:UpperCorner></ows:BoundingBox>
      <Style isDefault="true"><ows:Title>Layer style or dictionary colours</ows:Title><ows:Identifier>default</ows:Identifier>${legend}</Style>
      <Format>image/png</Format>
      <TileMatrixSetLink><TileMatrixSet>${TILE_MATRIX_SET}</TileMatrixSet></TileMatrixSetLink>
      <ResourceURL format="image/png" resourceType="tile" template="${xmlEscape(urls.tileTemplate(localNameOf(l)))}"/>
    </Layer>`);
  }
  const zooms = Array.from({ length: LISTED_MAX_ZOOM + 1 }, (_, z) => tileMatrix(z));
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0">
  <ows:ServiceIdentification>
    <ows:Title>${xmlEscape(title)}</ows:Title>
    <ows:ServiceType>OGC WMTS</ows:ServiceType>
    <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
  </ows:ServiceIdentification>
  <ows:OperationsMetadata>
    <ows:Operation name="GetCapabilities"><ows:DCP><ows:HTTP>${kvpGet(urls.kvp)}${restGet(urls.capabilities)}</ows:HTTP></ows:DCP></ows:Operation>
    <ows:Operation name="GetTile"><ows:DCP><ows:HTTP>${kvpGet(urls.kvp)}</ows:HTTP></ows:DCP></ows:Operation>
  </ows:OperationsMetadata>
  <Contents>
${items.join('\n')}
    <TileMatrixSet>
      <ows:Identifier>${TILE_MATRIX_SET}</ows:Identifier>
      <ows:SupportedCRS>${CRS}</ows:SupportedCRS>
      <WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>
${zooms.join('\n')}
    </TileMatrixSet>
  </Contents>
  <ServiceMetadataURL xlink:href="${xmlEscape(urls.capabilities)}"/>
</Capabilities>
`;
}
