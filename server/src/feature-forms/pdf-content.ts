import type { FeatureFormRecord, FormValue } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import { load } from '../features/service.js';
import { recordsOfFeature, toRecord } from './store.js';

/** What a feature's PDF shows (spec 3 §7): its title, properties and forms, and the layer to draw. */
export interface PdfContent {
  title: string;
  subtitle: string;
  properties: Array<[label: string, value: string]>;
  records: FeatureFormRecord[];
  feature: { id: string };
  layer: { id: string; name: string; server_name: string | null };
}

/** A time as the PDF prints it: UTC, to the minute. */
export const printedTime = (iso: string | Date) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function printedValue(value: FormValue | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length ? value.join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function geometryText(geometry: { type: string; coordinates: unknown }): string {
  if (geometry.type === 'Point') {
    const [lon, lat] = geometry.coordinates as number[];
    return `Point ${lat.toFixed(6)}, ${lon.toFixed(6)}`;
  }
  const vertices = JSON.stringify(geometry.coordinates).match(/\[-?[\d.e+-]+,/g)?.length ?? 0;
  return `${geometry.type}, ${vertices} vertices`;
}

const attributeList = (value: unknown) =>
  (Array.isArray(value) ? value : []) as Array<{ attributeId?: string; attributeValue?: unknown }>;

/** Reads the feature (of the organization, live), its layer, classification names and live form records. */
export async function pdfContent(db: Executor, organizationId: string, featureId: string): Promise<PdfContent> {
  const feature = await load(db, { organizationId }, featureId);
  const layer = await db
    .selectFrom('layers')
    .innerJoin('projects', 'projects.id', 'layers.project_id')
    .select(['layers.id', 'layers.name', 'layers.server_name', 'projects.name as project_name'])
    .where('layers.id', '=', feature.layer_id)
    .executeTakeFirstOrThrow();
  const system = feature.system_id
    ? await db.selectFrom('systems').select('name').where('id', '=', feature.system_id).executeTakeFirst()
    : undefined;
  const component = feature.component_id
    ? await db.selectFrom('components').select('alias').where('id', '=', feature.component_id).executeTakeFirst()
    : undefined;
  const attributes = attributeList(feature.attributes).filter((a) => typeof a.attributeId === 'string');
  const names = new Map(
    attributes.length
      ? (
          await db
            .selectFrom('attributes')
            .select(['id', 'name'])
            .where(
              'id',
              'in',
              attributes.map((a) => a.attributeId!),
            )
            .execute()
        ).map((a) => [a.id, a.name])
      : [],
  );
  const ref = `${feature.kind}.${feature.id}`;
  const properties: Array<[string, string]> = [
    ['Project', layer.project_name],
    ['Layer', layer.name],
    ['Feature', ref],
    ['Geometry', geometryText(JSON.parse(feature.geometry) as { type: string; coordinates: unknown })],
  ];
  if (system) properties.push(['System', system.name]);
  if (component) properties.push(['Component', component.alias]);
  for (const a of attributes)
    properties.push([names.get(a.attributeId!) ?? a.attributeId!, printedValue(a.attributeValue as FormValue)]);
  for (const [name, value] of Object.entries((feature.field_values ?? {}) as Record<string, FormValue>))
    properties.push([name, printedValue(value)]);
  for (const [name, value] of Object.entries((feature.properties ?? {}) as Record<string, string>))
    properties.push([name, printedValue(value)]);
  properties.push([
    'Created',
    `${printedTime(feature.created)}${feature.created_by_email ? ` by ${feature.created_by_email}` : ''}`,
  ]);
  properties.push([
    'Modified',
    `${printedTime(feature.modified)}${feature.modified_by_email ? ` by ${feature.modified_by_email}` : ''}`,
  ]);

  const records = (await recordsOfFeature(db, organizationId, feature.id)).map((row) =>
    toRecord(row, { edit: false, delete: false }),
  );
  return {
    title: component?.alias ?? layer.name,
    subtitle: `${layer.project_name} · ${layer.name} · ${ref}`,
    properties,
    records,
    feature: { id: feature.id },
    layer: { id: layer.id, name: layer.name, server_name: layer.server_name },
  };
}
