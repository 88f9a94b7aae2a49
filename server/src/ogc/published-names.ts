import type { Executor } from '../db/types.js';

/**
 * The names OGC clients see for layers (WFS type names, OGC API collection ids, vector-tile layer
 * names): readable and unique within a project, "<folder>_<layer>" made safe for XML names and URLs
 * (issue #11: `fb:layer_<hex>` told a QGIS user nothing). A layer keeps `layer_<hex of its id>` as a
 * stable alias, so a client configured with it, or a rename, never breaks a saved request.
 */

/** A layer as the OGC services publish it. */
export interface WfsLayer {
  id: string;
  name: string;
  kind: string | null;
  /** The published name (published-names.ts); the `layer_<hex>` alias when not looked up. */
  typeName?: string;
}

export const NS = 'http://fieldbook.app/wfs';
/** A layer's feature type name without the namespace prefix. */
export const localNameOf = (layer: Pick<WfsLayer, 'id' | 'typeName'>) => layer.typeName ?? layerAlias(layer.id);
/** A layer's qualified feature type name, `fb:<name>`. */
export const typeNameOf = (layer: Pick<WfsLayer, 'id' | 'typeName'>) => `fb:${localNameOf(layer)}`;

/** Letters (any script), digits, '_', '-' and '.'; anything else becomes '_'; never starting with a digit, '-' or '.'. */
export function safeName(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}_.-]+/gu, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (cleaned === '') return 'layer';
  return /^[\p{L}_]/u.test(cleaned) ? cleaned : `_${cleaned}`;
}

/** The stable alias of a layer: `layer_` and its id without dashes. */
export const layerAlias = (layerId: string) => `layer_${layerId.replace(/-/g, '')}`;

/**
 * Published names of a project's layers by layer id. Two layers whose safe names coincide both get
 * the first 8 hex digits of their id appended, so neither name depends on which layer came first.
 */
export async function publishedNames(db: Executor, projectId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('layers')
    .innerJoin('folders', 'folders.id', 'layers.folder_id')
    .select(['layers.id', 'layers.name', 'folders.name as folder_name'])
    .where('layers.project_id', '=', projectId)
    .execute();
  const base = new Map(rows.map((r) => [r.id, safeName(`${r.folder_name}_${r.name}`)]));
  const uses = new Map<string, number>();
  for (const name of base.values()) uses.set(name.toLowerCase(), (uses.get(name.toLowerCase()) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const [id, name] of base)
    names.set(id, uses.get(name.toLowerCase())! > 1 ? `${name}_${id.replace(/-/g, '').slice(0, 8)}` : name);
  return names;
}

/** The layers with their published names (`typeName`), for the services that show them. */
export async function withPublishedNames<T extends { id: string }>(
  db: Executor,
  projectId: string,
  layers: T[],
): Promise<Array<T & { typeName: string }>> {
  if (layers.length === 0) return [];
  const names = await publishedNames(db, projectId);
  return layers.map((l) => ({ ...l, typeName: names.get(l.id) ?? layerAlias(l.id) }));
}

/** Whether a requested name (with or without a namespace prefix) names this layer: its name, alias or id. */
export function namesLayer(layer: { id: string; typeName?: string }, requested: string): boolean {
  const local = requested.trim().replace(/^[\w.-]+:/, '');
  return local === layer.typeName || local === layerAlias(layer.id) || local === layer.id;
}

const BY_ID = /^([\w.-]+:)?(layer_[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** What a request needs of layer names: whether it lists them (capabilities), and the names it asks for. */
export interface RequestNaming {
  capabilities: boolean;
  names: Array<string | undefined>;
}

/**
 * The map layers with their published names when the request needs them: capabilities list them, and
 * a client may ask for a layer by that name. A request naming layers by id or alias (the web map's
 * tiles) skips the lookup, so tiles cost no extra query.
 */
export async function namedForRequest<T extends { id: string }>(
  db: Executor,
  projectId: string,
  layers: T[],
  request: RequestNaming,
): Promise<Array<T & { typeName?: string }>> {
  const requested = request.names.flatMap((n) => (n ?? '').split(',')).filter((n) => n.trim() !== '');
  if (!request.capabilities && requested.every((n) => BY_ID.test(n.trim()))) return layers;
  return withPublishedNames(db, projectId, layers);
}

/** What an OGC KVP request (keys in lower case) asks of layer names: capabilities, and the layers it names. */
export const requestNaming = (
  params: Record<string, string | undefined>,
  capabilitiesWithoutRequest = false,
): RequestNaming => ({
  capabilities: params.request ? /capabilities/i.test(params.request) : capabilitiesWithoutRequest,
  names: [params.layers, params.layer, params.query_layers],
});
