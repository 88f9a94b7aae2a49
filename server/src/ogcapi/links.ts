/**
 * Links of the OGC API documents. Each carries the client key (`key=`): a client that follows links
 * (GDAL walks `items` and `next`, QGIS and browsers too) must stay authenticated without knowing our
 * key convention, and a key sent only as `X-API-Key` is written into the links all the same.
 */

export const JSON_TYPE = 'application/json';
export const GEOJSON_TYPE = 'application/geo+json';
export const SCHEMA_TYPE = 'application/schema+json';
export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

export interface Link {
  href: string;
  rel: string;
  type: string;
  title?: string;
}

export class Links {
  /** `base`: the service root, `<public URL>/rest/projects/ogc/<projectId>/ogcapi`. */
  constructor(
    readonly base: string,
    private readonly key: string,
  ) {}

  /** The URL of a path under the root with these parameters and the key (last, so the path reads first). */
  href(path: string, params: Record<string, string | undefined> = {}): string {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && k !== 'key') search.set(k, v);
    search.set('key', this.key);
    return `${this.base}${path}?${search.toString()}`;
  }

  link(rel: string, path: string, type: string, title?: string, params?: Record<string, string | undefined>): Link {
    return { href: this.href(path, params), rel, type, ...(title ? { title } : {}) };
  }
}

/** The path of a collection's resources; its id is a published name (letters, digits, `_`, `-`, `.`), escaped anyway. */
export const collectionPath = (id: string) => `/collections/${encodeURIComponent(id)}`;
