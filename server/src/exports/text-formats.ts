import { sql, type RawBuilder } from 'kysely';
import { CSVT_TYPES, type ExportColumn } from './columns.js';

/**
 * The text formats written by the database itself, page by page (source.ts): CSV with WKT (also the
 * intermediate GDAL reads for the other formats), GeoJSON and KML. Each is laid out as GDAL's own
 * driver writes it, so readers see the same file; SQL builds every feature's text (PostGIS writes the
 * geometries), which is several times faster than a second program reading the rows back.
 */

export interface TextLayout {
  /** Text of the file before its first layer, and after its last. */
  fileStart: string;
  fileEnd: string;
  /** Text around one layer's features (a line break follows the last feature). */
  layerStart: (name: string, columns: ExportColumn[]) => string;
  layerEnd: string;
  /** Between two features (also between two pages of features). */
  separator: string;
  /** One feature's text, over the page row `p`, given the geometry to write. */
  feature: (columns: ExportColumn[], geometry: RawBuilder<unknown>, layer: string) => RawBuilder<string>;
}

const csvName = (name: string) => (/[",\n\r]|^\s|\s$/.test(name) ? `"${name.replace(/"/g, '""')}"` : name);
const csvQuoted = (text: RawBuilder<unknown>) => sql<string>`'"' || replace(${text}, '"', '""') || '"'`;

function csvValue(column: ExportColumn): RawBuilder<string> {
  switch (column.type) {
    case 'integer':
    case 'integer64':
    case 'real':
      return sql`coalesce(${column.text}, '')`;
    case 'boolean':
      return sql`CASE ${column.text} WHEN 'true' THEN '1' WHEN 'false' THEN '0' ELSE '' END`;
    default:
      return sql`coalesce(${csvQuoted(column.text)}, '')`;
  }
}

/** CSV with the geometry as WKT first, as GDAL writes it with GEOMETRY=AS_WKT; its types go in a .csvt. */
export const CSV: TextLayout = {
  fileStart: '',
  fileEnd: '',
  layerStart: (_name, columns) => `${['WKT', ...columns.map((c) => c.name)].map(csvName).join(',')}\n`,
  layerEnd: '',
  separator: '\n',
  feature: (columns, geometry) =>
    sql<string>`coalesce(${csvQuoted(sql`ST_AsText(${geometry})`)}, '') || ${sql.join(
      columns.map((c) => sql`',' || ${csvValue(c)}`),
      sql` || `,
    )}`,
};

/** The `.csvt` of a CSV layer: the type of each column, read by GDAL and QGIS. */
export const csvtOf = (columns: ExportColumn[]) =>
  `${['WKT', ...columns.map((c) => CSVT_TYPES[c.type])].map((t) => `"${t}"`).join(',')}\n`;

function jsonValue(column: ExportColumn): RawBuilder<string> {
  switch (column.type) {
    case 'integer':
    case 'integer64':
    case 'real':
    case 'boolean':
      return sql`coalesce(${column.text}, 'null')`;
    default:
      return sql`coalesce(to_json(${column.text})::text, 'null')`;
  }
}

/** GeoJSON (RFC 7946 coordinates, EPSG:4326), one feature per line as GDAL writes it. */
export const GEOJSON: TextLayout = {
  fileStart: '',
  fileEnd: '',
  layerStart: (name) =>
    `{\n"type": "FeatureCollection",\n"name": ${JSON.stringify(name)},\n` +
    `"crs": { "type": "name", "properties": { "name": "urn:ogc:def:crs:OGC:1.3:CRS84" } },\n"features": [\n`,
  layerEnd: ']\n}\n',
  separator: ',\n',
  feature: (columns, geometry) => {
    const properties = columns.map((c) => sql`${`${JSON.stringify(c.name)}: `}::text || ${jsonValue(c)}`);
    return sql<string>`'{ "type": "Feature", "properties": { ' || ${sql.join(properties, sql` || ', ' || `)}
      || ' }, "geometry": ' || coalesce(ST_AsGeoJSON(${geometry}, 15), 'null') || ' }'`;
  },
};

export const xml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const xmlText = (text: RawBuilder<unknown>) =>
  sql<string>`replace(replace(replace(${text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;

/** KML's schema types for our column types. */
const KML_TYPES: Record<ExportColumn['type'], string> = {
  text: 'string',
  integer: 'int',
  integer64: 'int',
  real: 'float',
  boolean: 'int',
  date: 'string',
  datetime: 'string',
};

/** A field named so becomes the placemark's own element, as GDAL's KML driver maps it. */
const KML_ELEMENTS = ['name', 'description'];
const elementOf = (c: ExportColumn) => KML_ELEMENTS.find((e) => e === c.name.toLowerCase());

/** A schema id (an XML NCName) for a layer name. */
export const kmlSchemaId = (name: string) => {
  const id = name.replace(/[^\p{L}\p{N}_.-]/gu, '_');
  return /^[\p{L}_]/u.test(id) ? id : `_${id}`;
};

function kmlValue(column: ExportColumn): RawBuilder<string | null> {
  return column.type === 'boolean'
    ? sql`CASE ${column.text} WHEN 'true' THEN '1' WHEN 'false' THEN '0' END`
    : xmlText(column.text);
}

/** KML 2.2 with each layer a Folder and its fields in a Schema (ExtendedData), as GDAL's KML driver writes it. */
export const KML: TextLayout = {
  fileStart:
    '<?xml version="1.0" encoding="utf-8" ?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document id="root_doc">\n',
  fileEnd: '</Document></kml>\n',
  layerStart: (name, columns) => {
    const id = xml(kmlSchemaId(name));
    const fields = columns
      .filter((c) => !elementOf(c))
      .map((c) => `\t<SimpleField name="${xml(c.name)}" type="${KML_TYPES[c.type]}"></SimpleField>\n`);
    return `<Schema name="${id}" id="${id}">\n${fields.join('')}</Schema>\n<Folder><name>${xml(name)}</name>\n`;
  },
  layerEnd: '</Folder>\n',
  separator: '\n',
  feature: (columns, geometry, layer) => {
    const elements = columns
      .filter((c) => elementOf(c))
      .map(
        (c) => sql`coalesce(${`\t<${elementOf(c)!}>`}::text || ${kmlValue(c)} || ${`</${elementOf(c)!}>\n`}::text, '')`,
      );
    const data = columns
      .filter((c) => !elementOf(c))
      .map(
        (c) =>
          sql`coalesce(${`\t\t<SimpleData name="${xml(c.name)}">`}::text || ${kmlValue(c)} || '</SimpleData>' || E'\\n', '')`,
      );
    return sql<string>`'  <Placemark>' || E'\\n' || ${sql.join([...elements, sql`''`], sql` || `)}
      || ${`\t<ExtendedData><SchemaData schemaUrl="#${xml(kmlSchemaId(layer))}">\n`}::text
      || ${sql.join([...data, sql`''`], sql` || `)} || E'\\t</SchemaData></ExtendedData>\\n'
      || coalesce('      ' || ST_AsKML(${geometry}, 15) || E'\\n', '') || '  </Placemark>'`;
  },
};
