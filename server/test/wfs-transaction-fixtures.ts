/** WFS-T 2.0 request documents as clients send them (the app, QGIS, GDAL), for the transaction tests. */
export const WFS_NS =
  'xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:fb="http://fieldbook.app/wfs"';
export const tx = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:Transaction service="WFS" version="2.0.0" ${WFS_NS}>${body}</wfs:Transaction>`;
/** A layer's WFS feature type name. */
export const typeOf = (layerId: string) => `fb:layer_${layerId.replace(/-/g, '')}`;
export const point = (pos: string, srs = 'urn:ogc:def:crs:EPSG::4326') =>
  `<gml:Point srsName="${srs}"><gml:pos>${pos}</gml:pos></gml:Point>`;
export const insert = (type: string, geometry: string, props = '') =>
  `<wfs:Insert><${type}><fb:geometry>${geometry}</fb:geometry>${props}</${type}></wfs:Insert>`;
export const byId = (rid: string) => `<fes:Filter><fes:ResourceId rid="${rid}"/></fes:Filter>`;
