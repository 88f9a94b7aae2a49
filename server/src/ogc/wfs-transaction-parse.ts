import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CqlNode } from './cql.js';
import { fesFilter } from './fes.js';
import { OgcError } from './xml.js';

/**
 * At most this many feature operations (inserted features, updated and deleted ids) per
 * Transaction, advertised in GetCapabilities: a larger one would hold the embedded database's one
 * connection long enough to stall every other organization. Clients send more in several.
 */
export const WFS_TRANSACTION_MAX_OPERATIONS = 1000;
/** Of those, updated features: each is its own round of statements (about 8 ms on PGlite), not one batch. */
export const WFS_TRANSACTION_MAX_UPDATES = 100;

/** Deeper XML is refused before parsing; a GML geometry in a Transaction nests about ten levels. */
export const WFS_TRANSACTION_MAX_DEPTH = 64;

/** An XML element with namespace prefixes removed, children in document order. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** A property value of an Insert or Update: text, or a GML geometry element in its srsName. */
export type TxValue = { text: string } | { gml: XmlNode; srsName: string } | null;

export interface TxInsertFeature {
  typeName: string;
  handle?: string;
  values: Map<string, TxValue>;
}
export type TxOperation =
  | { op: 'insert'; handle?: string; features: TxInsertFeature[] }
  /** filter: the features' ids (op 'ids') or predicates on the layer, resolved to ids when the Transaction runs. */
  | { op: 'update'; typeName: string; values: Map<string, TxValue>; filter: CqlNode }
  | { op: 'delete'; typeName: string; filter: CqlNode };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

type Raw = Record<string, unknown>;
const parseFailed = (text: string): never => {
  throw new OgcError('OperationParsingFailed', 'Transaction', text);
};
const invalid = (locator: string, text: string): never => {
  throw new OgcError('InvalidParameterValue', locator, text);
};

function toNodes(items: Raw[]): XmlNode[] {
  const out: XmlNode[] = [];
  for (const item of items) {
    const name = Object.keys(item).find((k) => k !== ':@' && k !== '#text' && !k.startsWith('?'));
    if (!name) continue;
    const children = item[name] as Raw[];
    const attrs = Object.fromEntries(
      Object.entries((item[':@'] ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
    const text = children
      .filter((c) => '#text' in c)
      .map((c) => String(c['#text']))
      .join('');
    out.push({ name, attrs, children: toNodes(children), text });
  }
  return out;
}

/** A geometry without srsName is in the feature type's DefaultCRS (GetCapabilities): EPSG 4326, lat/lon. */
const DEFAULT_SRS = 'urn:ogc:def:crs:EPSG::4326';

function valueOf(node: XmlNode | undefined, srsName: string | undefined): TxValue {
  if (!node) return null;
  const geometry = node.children[0];
  if (!geometry) return node.text === '' && node.attrs.nil === 'true' ? null : { text: node.text };
  return { gml: geometry, srsName: geometry.attrs.srsName ?? srsName ?? DEFAULT_SRS };
}

const localName = (typeName: string | undefined, locator: string) =>
  (typeName ?? invalid(locator, 'typeName is required')).replace(/^[\w.-]+:/, '');

/** The fes:Filter of an Update or Delete as a tree (fes.ts): an id list, or predicates resolved when the Transaction runs. */
function filterOf(op: XmlNode): CqlNode {
  return fesFilter(op.children.find((c) => c.name === 'Filter') ?? invalid('Filter', `${op.name} needs a Filter`));
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
    const ref =
      p.children.find((c) => c.name === 'ValueReference' || c.name === 'Name')?.text ??
      invalid('ValueReference', 'Property needs a ValueReference');
    values.set(
      ref.replace(/^[\w.-]+:/, '').replace(/^\w+\//, ''),
      valueOf(
        p.children.find((c) => c.name === 'Value'),
        op.attrs.srsName,
      ),
    );
  }
  if (values.size === 0) invalid('Update', 'Update names no Property');
  return {
    op: 'update',
    typeName: localName(op.attrs.typeName ?? op.attrs.typeNames, 'typeName'),
    values,
    filter: filterOf(op),
  };
}

/**
 * The deepest element nesting of an XML text, counted on the raw text without parsing (the parser
 * and the validator recurse, so 20,000 nested elements overflowed the stack). Stops once past `limit`.
 */
export function xmlDepth(xml: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (let at = xml.indexOf('<'); at !== -1 && deepest <= limit; at = xml.indexOf('<', at + 1)) {
    const next = xml[at + 1];
    if (next === '/') depth = Math.max(0, depth - 1);
    else if (next === '?' || next === '!') {
      // Comments and CDATA may hold '<'; skip to their end.
      const end = xml.startsWith('<!--', at)
        ? xml.indexOf('-->', at)
        : xml.startsWith('<![CDATA[', at)
          ? xml.indexOf(']]>', at)
          : at;
      at = end === -1 ? xml.length : end;
    } else {
      const close = xml.indexOf('>', at);
      if (close === -1) break;
      if (xml[close - 1] !== '/') deepest = Math.max(deepest, ++depth);
      at = close;
    }
  }
  return deepest;
}

/**
 * The root element of a client's XML document (a Transaction, a FILTER parameter). Malformed XML,
 * DOCTYPEs (entity expansion) and deep nesting are refused before parsing.
 */
export function xmlRoot(xml: string, locator: string): XmlNode | undefined {
  const refuse = (text: string): never => {
    throw new OgcError(locator === 'Transaction' ? 'OperationParsingFailed' : 'InvalidParameterValue', locator, text);
  };
  if (/<!DOCTYPE/i.test(xml)) refuse('DOCTYPE declarations are not accepted');
  if (xmlDepth(xml, WFS_TRANSACTION_MAX_DEPTH) > WFS_TRANSACTION_MAX_DEPTH)
    refuse(`Elements nest deeper than ${WFS_TRANSACTION_MAX_DEPTH} levels`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) refuse(`Malformed XML at line ${valid.err.line}: ${valid.err.msg}`);
  return toNodes(parser.parse(xml) as Raw[])[0];
}

/** Inserted features plus updated and deleted ids: what the operation cap counts. */
export const operationCount = (operations: TxOperation[]) =>
  operations.reduce((n, op) => n + (op.op === 'insert' ? op.features.length : idCount(op.filter)), 0);
/** Ids an id-list filter names; a predicate counts once here and is capped again once resolved. */
const idCount = (filter: CqlNode) => (filter.op === 'ids' ? filter.ids.length : 1);

/**
 * A WFS-T 2.0 (or 1.1) Transaction document → its actions in document order. Malformed XML,
 * DOCTYPEs (entity expansion) and deep nesting are refused before parsing; Replace and Native are
 * not supported; more than WFS_TRANSACTION_MAX_OPERATIONS feature operations (or
 * WFS_TRANSACTION_MAX_UPDATES updated features) are refused.
 */
export function parseTransaction(xml: string): TxOperation[] {
  const root = xmlRoot(xml, 'Transaction');
  if (!root || root.name !== 'Transaction') return parseFailed('The document is not a wfs:Transaction');
  if (root.attrs.service && root.attrs.service.toUpperCase() !== 'WFS') invalid('service', 'Only WFS is served here');
  const operations = root.children.map((op): TxOperation => {
    if (op.name === 'Insert') return insertOf(op);
    if (op.name === 'Update') return updateOf(op);
    if (op.name === 'Delete')
      return {
        op: 'delete',
        typeName: localName(op.attrs.typeName ?? op.attrs.typeNames, 'typeName'),
        filter: filterOf(op),
      };
    throw new OgcError('OperationNotSupported', op.name, `${op.name} is not supported`);
  });
  const updates = operations.reduce((n, op) => n + (op.op === 'update' ? idCount(op.filter) : 0), 0);
  if (operationCount(operations) > WFS_TRANSACTION_MAX_OPERATIONS || updates > WFS_TRANSACTION_MAX_UPDATES) {
    throw new OgcError(
      'OperationProcessingFailed',
      'Transaction',
      `A Transaction takes at most ${WFS_TRANSACTION_MAX_OPERATIONS} feature operations, of which ${WFS_TRANSACTION_MAX_UPDATES} updated features; send more in several`,
    );
  }
  return operations;
}

/** The feature type names a Transaction writes (without namespace prefixes). */
export function transactionTypeNames(operations: TxOperation[]): Set<string> {
  return new Set(operations.flatMap((op) => (op.op === 'insert' ? op.features.map((f) => f.typeName) : [op.typeName])));
}
