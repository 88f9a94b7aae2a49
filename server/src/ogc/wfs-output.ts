import type { WfsVersion } from './wfs-capabilities.js';
import { wants, type FeatureQuery, type GmlRow } from './wfs-query.js';
import { NS } from './published-names.js';
import { xmlEscape } from './xml.js';

/**
 * GetFeature responses around the rows wfs-query.ts builds: GML 3.2 in a WFS 2.0 FeatureCollection
 * (members, numberMatched / numberReturned and a `next` link when the page is not the last), GML
 * 3.1.1 in a WFS 1.1 one (featureMember, numberOfFeatures), and the same counts in GeoJSON.
 */

export interface PageInfo {
  version: WfsVersion;
  matched: number;
  returned: number;
  /** The URL of the following page, when features remain after this one. */
  next?: string;
  timeStamp: string;
}

const GML_NS: Record<WfsVersion, string> = {
  '2.0.0': 'http://www.opengis.net/gml/3.2',
  '1.1.0': 'http://www.opengis.net/gml',
};
const WFS_NS: Record<WfsVersion, string> = {
  '2.0.0': 'http://www.opengis.net/wfs/2.0',
  '1.1.0': 'http://www.opengis.net/wfs',
};
export const GML_CONTENT_TYPE: Record<WfsVersion, string> = {
  '2.0.0': 'application/gml+xml; version=3.2; charset=utf-8',
  '1.1.0': 'text/xml; subtype=gml/3.1.1; charset=utf-8',
};

/**
 * The request's own URL with STARTINDEX moved on by a page: the service URL (which keeps a client
 * key) and every parameter the client sent, so the next page is the same query.
 */
export function nextPageUrl(
  serviceUrl: string,
  params: Record<string, string>,
  startIndex: number,
  count: number,
): string {
  const url = new URL(serviceUrl);
  for (const [k, v] of Object.entries(params)) {
    if (k === 'key' || k === 'startindex' || k === 'count' || k === 'maxfeatures') continue;
    url.searchParams.set(k.toUpperCase(), v);
  }
  url.searchParams.set('STARTINDEX', String(startIndex));
  url.searchParams.set('COUNT', String(count));
  return url.toString();
}

function counts(info: PageInfo): string {
  if (info.version === '1.1.0') return `numberOfFeatures="${info.returned}" timeStamp="${info.timeStamp}"`;
  const next = info.next ? ` next="${xmlEscape(info.next)}"` : '';
  return `numberMatched="${info.matched}" numberReturned="${info.returned}" timeStamp="${info.timeStamp}"${next}`;
}

/** resultType=hits: the count alone. */
export function hitsCollection(info: PageInfo): string {
  const numbers =
    info.version === '1.1.0'
      ? `numberOfFeatures="${info.matched}" timeStamp="${info.timeStamp}"`
      : `numberMatched="${info.matched}" numberReturned="0" timeStamp="${info.timeStamp}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<wfs:FeatureCollection xmlns:wfs="${WFS_NS[info.version]}" ${numbers}/>`;
}

/** A page of GML rows as the version's FeatureCollection of `fb:<local>` features. */
export function gmlCollection(local: string, q: FeatureQuery, rows: GmlRow[], info: PageInfo): string {
  const element = (name: string, value: string | null) =>
    !wants(q, name)
      ? ''
      : value === null
        ? `\n    <fb:${name} xsi:nil="true"/>`
        : `\n    <fb:${name}>${value}</fb:${name}>`;
  const member = info.version === '1.1.0' ? 'gml:featureMember' : 'wfs:member';
  const members = rows.map(
    (r) =>
      `  <${member}><fb:${local} gml:id="${r.kind}.${r.id}">${element('geometry', r.gml)}${element('ogc_fid', r.id)}${element(
        'system',
        r.system_name === null ? null : xmlEscape(r.system_name),
      )}${element('component', r.component_alias === null ? null : xmlEscape(r.component_alias))}${element(
        'attributes',
        xmlEscape(JSON.stringify(r.attributes ?? [])),
      )}${element('created', new Date(r.created_at).toISOString())}${element(
        'modified',
        new Date(r.updated_at).toISOString(),
      )}${element('created_by_email', r.created_by_email === null ? null : xmlEscape(r.created_by_email))}${r.columns_xml}
  </fb:${local}></${member}>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:wfs="${WFS_NS[info.version]}" xmlns:gml="${GML_NS[info.version]}" xmlns:fb="${NS}"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ${counts(info)}>
${members.join('\n')}
</wfs:FeatureCollection>`;
}

/**
 * A GeoJSON page (its text built in SQL) with the counts, time stamp, a `next` link and, when the
 * coordinates are not longitude/latitude, the `crs` member naming their system (GDAL reads it).
 */
export function jsonCollection(json: string, info: PageInfo, crs?: string): string {
  const head = [
    `"numberMatched":${info.matched}`,
    `"numberReturned":${info.returned}`,
    `"timeStamp":"${info.timeStamp}"`,
    ...(crs ? [`"crs":{"type":"name","properties":{"name":${JSON.stringify(crs)}}}`] : []),
    ...(info.next ? [`"links":[{"rel":"next","type":"application/json","href":${JSON.stringify(info.next)}}]`] : []),
  ];
  return json.replace(/^\{/, `{${head.join(',')},`);
}
