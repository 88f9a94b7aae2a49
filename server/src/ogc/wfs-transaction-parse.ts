import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { OgcError, xmlEscape } from './xml.js';

/** An XML element with namespace prefixes removed, children in document order. */
export interface XmlNode { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string }

/** A property value of an Insert or Update: text, or a GML geometry (serialized for PostGIS). */
export type TxValue = { text: string } | { gml: string } | null;

export interface TxInsertFeature { typeName: string; handle?: string; values: Map<string, TxValue> }
export type TxOperation =
  | { op: 'insert'; handle?: string; features: TxInsertFeature[] }
  | { op: 'update'; typeName: string; values: Map<string, TxValue>; ids: string[] }
  | { op: 'delete'; typeName: string; ids: string[] };

const parser = new XMLParser({
  preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', removeNSPrefix: true,
  parseTagValue: false, parseAttributeValue: false, trimValues: true,
});

type Raw = Record<string, unknown>;
const parseFailed = (text: string): never => { throw new OgcError('OperationParsingFailed', 'Transaction', text); };
const invalid = (locator: string, text: string): never => { throw new OgcError('InvalidParameterValue', locator, text); };

function toNodes(items: Raw[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const item of items) {
    const name = Object.keys(item).find((k) => k !== ':@' && k !== '#text' && !k.startsWith('?'));
    if (!name) continue;
    const children = item[name] as Raw[];
    const attrs = Object.fromEntries(Object.entries((item[':@'] ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    const text = children.filter((c) => '#text' in c).map((c) => String(c['#text'])).join('');
    out.push({ name, attrs, children: toNodes(children), text });
  }
  return out;
}

/** Back to XML text, without prefixes (PostGIS reads GML fragments without namespaces). */
function serialize(n: XmlNode): string {
  const attrs = Object.entries(n.attrs).map(([k, v]) => ` ${k}="${xmlEscape(v)}"`).join('');
  return `<${n.name}${attrs}>${xmlEscape(n.text)}${n.children.map(serialize).join('')}</${n.name}>`;
}

/** EPSG in the http form is not known to PostGIS's GML reader; the URN form keeps the lat/lon axis order. */
const normalizeSrs = (srs: string) => srs.replace(/^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/0\/(\d+)$/i, 'urn:ogc:def:crs:EPSG::$1');

/** A geometry without srsName is in the feature type's DefaultCRS (GetCapabilities): EPSG 4326, lat/lon. */
const DEFAULT_SRS = 'urn:ogc:def:crs:EPSG::4326';

function valueOf(node: XmlNode | undefined, srsName: string | undefined): TxValue {
  if (!node) return null;
  const geometry = node.children[0];
  if (!geometry) return node.text === '' && node.attrs.nil === 'true' ? null : { text: node.text };
  const srs = normalizeSrs(geometry.attrs.srsName ?? srsName ?? DEFAULT_SRS);
  return { gml: serialize({ ...geometry, attrs: { ...geometry.attrs, srsName: srs } }) };
}

const localName = (typeName: string | undefined, locator: string) =>
  (typeName ?? invalid(locator, 'typeName is required')).replace(/^[\w.-]+:/, '');

/** The feature ids of an fes:Filter: fes:ResourceId rid (2.0) or ogc:FeatureId fid (1.1) only. */
function filterIds(op: XmlNode): string[] {
  const filter = op.children.find((c) => c.name === 'Filter') ?? invalid('Filter', `${op.name} needs a Filter`);
  const ids = filter.children.map((c) => (c.name === 'ResourceId' ? c.attrs.rid : c.name === 'FeatureId' ? c.attrs.fid : undefined));
  if (ids.length === 0 || ids.some((id) => !id)) invalid('Filter', 'Only fes:ResourceId filters are supported');
  return ids as string[];
}

function insertOf(op: XmlNode): TxOperation {
  const features = op.children.map((f): TxInsertFeature => {
    const values = new Map<string, TxValue>();
    for (const p of f.children) values.set(p.name, valueOf(p, op.attrs.srsName));
    return { typeName: f.name, handle: f.attrs.handle, values };
  });
  if (features.length === 0) invalid('Insert', 'Insert holds no feature');
  return { op: 'insert', handle: op.attrs.handle, features };
}

function updateOf(op: XmlNode): TxOperation {
  const values = new Map<string, TxValue>();
  for (const p of op.children.filter((c) => c.name === 'Property')) {
    const ref = p.children.find((c) => c.name === 'ValueReference' || c.name === 'Name')?.text ?? invalid('ValueReference', 'Property needs a ValueReference');
    values.set(ref.replace(/^[\w.-]+:/, '').replace(/^\w+\//, ''), valueOf(p.children.find((c) => c.name === 'Value'), op.attrs.srsName));
  }
  if (values.size === 0) invalid('Update', 'Update names no Property');
  return { op: 'update', typeName: localName(op.attrs.typeName ?? op.attrs.typeNames, 'typeName'), values, ids: filterIds(op) };
}

/**
 * A WFS-T 2.0 (or 1.1) Transaction document → its actions in document order. Malformed XML and
 * DOCTYPEs (entity expansion) are refused before parsing; Replace and Native are not supported.
 */
export function parseTransaction(xml: string): TxOperation[] {
  if (/<!DOCTYPE/i.test(xml)) parseFailed('DOCTYPE declarations are not accepted');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) parseFailed(`Malformed XML at line ${valid.err.line}: ${valid.err.msg}`);
  const root = toNodes(parser.parse(xml) as Raw[])[0];
  if (root?.name !== 'Transaction') parseFailed('The document is not a wfs:Transaction');
  if (root.attrs.service && root.attrs.service.toUpperCase() !== 'WFS') invalid('service', 'Only WFS is served here');
  return root.children.map((op) => {
    if (op.name === 'Insert') return insertOf(op);
    if (op.name === 'Update') return updateOf(op);
    if (op.name === 'Delete') return { op: 'delete', typeName: localName(op.attrs.typeName ?? op.attrs.typeNames, 'typeName'), ids: filterIds(op) };
    throw new OgcError('OperationNotSupported', op.name, `${op.name} is not supported`);
  });
}
