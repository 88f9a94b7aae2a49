import { XMLParser } from 'fast-xml-parser';
import { EXTERNAL_MSG } from '@fieldbook/domain';
import { badRequest } from '../http/errors.js';

export interface ServiceDescription {
  title: string;
  /** Where GetMap (WMS) or KVP GetTile (WMTS) requests go. */
  serviceUrl: string;
  layers: Array<{ name: string; title: string }>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  processEntities: true,
});
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string =>
  (typeof v === 'string'
    ? v
    : v && typeof v === 'object' && '#text' in v
      ? String((v as { '#text': unknown })['#text'])
      : ''
  ).trim();

/** The base of a capabilities URL (its query removed), the fallback request address. */
const baseOf = (capabilitiesUrl: string) => {
  const u = new URL(capabilitiesUrl);
  u.search = '';
  return u.toString();
};

type Node = Record<string, unknown>;

/** WMS 1.3.0 (and 1.1.1) capabilities: every named layer of the nested layer tree. */
export function parseWms(xml: string, capabilitiesUrl: string): ServiceDescription {
  const doc = parser.parse(xml) as Node;
  const root = (doc.WMS_Capabilities ?? doc.WMT_MS_Capabilities) as Node | undefined;
  if (!root) throw badRequest(EXTERNAL_MSG.invalidCapabilities);
  const capability = root.Capability as Node | undefined;
  const layers: ServiceDescription['layers'] = [];
  const walk = (node: Node) => {
    const name = text(node.Name);
    if (name) layers.push({ name, title: text(node.Title) || name });
    for (const child of list(node.Layer as Node | Node[])) walk(child);
  };
  for (const top of list(capability?.Layer as Node | Node[])) walk(top);
  const getMap = (capability?.Request as Node | undefined)?.GetMap as Node | undefined;
  const href = list(
    (((getMap?.DCPType as Node | undefined)?.HTTP as Node | undefined)?.Get as Node | undefined)?.OnlineResource as
      Node | Node[],
  )[0]?.['@_href'];
  return {
    title: text((root.Service as Node | undefined)?.Title) || 'WMS',
    serviceUrl: typeof href === 'string' && href ? href : baseOf(capabilitiesUrl),
    layers,
  };
}

/** WMTS 1.0.0 capabilities: the layers of Contents and the KVP GetTile address. */
export function parseWmts(xml: string, capabilitiesUrl: string): ServiceDescription {
  const doc = parser.parse(xml) as Node;
  const root = doc.Capabilities as Node | undefined;
  if (!root || !root.Contents) throw badRequest(EXTERNAL_MSG.invalidCapabilities);
  const layers = list((root.Contents as Node).Layer as Node | Node[])
    .map((l) => ({ name: text(l.Identifier), title: text(l.Title) || text(l.Identifier) }))
    .filter((l) => l.name);
  const operations = list((root.OperationsMetadata as Node | undefined)?.Operation as Node | Node[]);
  const getTile = operations.find((o) => o['@_name'] === 'GetTile');
  const gets = list(((getTile?.DCP as Node | undefined)?.HTTP as Node | undefined)?.Get as Node | Node[]);
  // Prefer the KVP endpoint; our proxy always asks with KVP parameters.
  const kvp = gets.find((g) => JSON.stringify(g.Constraint ?? '').includes('KVP')) ?? gets[0];
  const href = kvp?.['@_href'];
  return {
    title: text((root.ServiceIdentification as Node | undefined)?.Title) || 'WMTS',
    serviceUrl: typeof href === 'string' && href ? href : baseOf(capabilitiesUrl),
    layers,
  };
}
