import { sql } from 'kysely';
import type { Harness } from './harness.js';
import type { SignedIn } from './factories.js';
import { call, field } from './feature-fixtures.js';

/**
 * One organization's objects that requests can name as references: a project with a feature
 * folder, a plain folder and layer, a second project whose folder Q1 has the point layer shared in,
 * a style, a symbol, a form, a site calibration, pick lists (the dictionary's and a global one), a
 * global-pick-list attribute and a drawn point.
 */
export interface OrgObjects {
  admin: SignedIn;
  organizationId: string;
  dictionaryId: string;
  systemId: string;
  componentId: string;
  /** A Point component of the system (the point layer's geometry). */
  pointComponentId: string;
  /** An attribute attached to `componentId`. */
  attributeId: string;
  /** A Global Pick List attribute, not attached to a component. */
  globalAttributeId: string;
  pickListId: string;
  globalPickListId: string;
  projectId: string;
  folderId: string;
  layers: { point: string; line: string; polygon: string };
  plainFolderId: string;
  plainLayerId: string;
  targetFolderId: string;
  otherProjectId: string;
  q1: string;
  q2: string;
  styleId: string;
  symbolId: string;
  formId: string;
  siteId: string;
  featureId: string;
}

export async function orgObjects(h: Harness, tag: string): Promise<OrgObjects> {
  const f = await field(h);
  const ok = async (method: 'POST' | 'PUT', url: string, body?: unknown) => {
    const res = await call(h, f.admin, method, url, body);
    if (res.status >= 300) throw new Error(`${tag} ${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const folders = `/rest/projects/${f.project.id}/folders`;
  const plainFolder = await ok('POST', folders, { name: 'Plain' });
  const plainLayer = await ok('POST', `${folders}/${plainFolder.id}/layers`, { name: 'Mains' });
  const targetFolder = await ok('POST', folders, { name: 'Target' });
  const other = await ok('POST', '/rest/projects', { name: `Other ${tag}`, dataDictionaryId: f.dictionary.id });
  const q1 = await ok('POST', `/rest/projects/${other.id}/folders`, { name: 'Q1' });
  const q2 = await ok('POST', `/rest/projects/${other.id}/folders`, { name: 'Q2' });
  await ok('POST', `/rest/projects/share/${q1.id}/${f.layer('point')}`);
  const style = await ok('POST', '/rest/styles', {
    name: `Roads ${tag}`,
    format: 'css',
    body: '* { stroke: #000000; }',
  });
  const symbol = await ok('POST', '/rest/symbols', { name: `Pin ${tag}`, originalName: 'pin.png' });
  const pickList = await ok('POST', '/rest/pick-lists', {
    name: 'Sizes',
    values: [{ value: 'S' }],
    dictionaryId: f.dictionary.id,
  });
  const globalList = await ok('POST', '/rest/pick-lists', { name: 'Crews', values: [{ value: 'A' }], isGlobal: true });
  const globalAttribute = await ok('POST', '/rest/component-attributes', {
    name: 'Crew',
    typeId: 3,
    pickListId: globalList.id,
  });
  const point = await ok('POST', '/rest/features/points', {
    geometry: { type: 'Point', coordinates: [-105, 39] },
    properties: { layer_id: f.layer('point') },
  });
  const form = await h.db
    .insertInto('forms')
    .values({
      organization_id: f.admin.organizationId,
      name: `Inspection ${tag}`,
      description: null,
      html: '<form></form>',
      js: 'void 0',
      html_file_name: 'f.html',
      js_file_name: 'f.js',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const site = await h.db
    .insertInto('sites')
    .values({ organization_id: f.admin.organizationId, name: `Site ${tag}`, wkt: 'GEOGCS["WGS 84"]', proj: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const component = f.electric.components.find((c) => c.attributes.length)!;
  return {
    admin: f.admin,
    organizationId: f.admin.organizationId,
    dictionaryId: f.dictionary.id,
    systemId: f.electric.id,
    componentId: component.id,
    pointComponentId: f.component('Transformer').id,
    attributeId: component.attributes[0].id,
    globalAttributeId: globalAttribute.id,
    pickListId: pickList.id,
    globalPickListId: globalList.id,
    projectId: f.project.id,
    folderId: f.folder.id,
    layers: { point: f.layer('point'), line: f.layer('line'), polygon: f.layer('polygon') },
    plainFolderId: plainFolder.id,
    plainLayerId: plainLayer.id,
    targetFolderId: targetFolder.id,
    otherProjectId: other.id,
    q1: q1.id,
    q2: q2.id,
    styleId: style.id,
    symbolId: symbol.id,
    formId: form.id,
    siteId: site.id,
    featureId: String(point.properties.ogc_fid),
  };
}

/**
 * Every row the reference routes could write for these organizations, as JSON text per table
 * (update times included, so a touched dictionary shows too).
 */
export async function referenceSnapshot(h: Harness, organizationIds: string[]): Promise<Record<string, string[]>> {
  const orgs = sql.join(organizationIds);
  const projects = sql`(select id from projects where organization_id in (${orgs}))`;
  const dictionaries = sql`(select id from dictionaries where organization_id in (${orgs}))`;
  const systems = sql`(select id from systems where dictionary_id in ${dictionaries})`;
  const tables: Array<[string, ReturnType<typeof sql>]> = [
    ...[
      'projects',
      'styles',
      'symbols',
      'forms',
      'sites',
      'dictionaries',
      'pick_lists',
      'attributes',
      'features',
      'permissions',
      'attribute_search_index',
    ].map((t): [string, ReturnType<typeof sql>] => [t, sql`t.organization_id in (${orgs})`]),
    ...['folders', 'layers', 'layer_shares'].map((t): [string, ReturnType<typeof sql>] => [
      t,
      sql`t.project_id in ${projects}`,
    ]),
    ['layer_dictionary_styles', sql`t.layer_id in (select id from layers where project_id in ${projects})`],
    ['form_permissions', sql`t.project_id in ${projects}`],
    ['systems', sql`t.dictionary_id in ${dictionaries}`],
    ['components', sql`t.system_id in ${systems}`],
    ['pick_list_values', sql`t.pick_list_id in (select id from pick_lists where organization_id in (${orgs}))`],
    ['organization_grants', sql`t.grantor_organization_id in (${orgs}) or t.grantee_organization_id in (${orgs})`],
  ];
  const out: Record<string, string[]> = {};
  for (const [table, where] of tables) {
    const { rows } = await sql<{
      row: string;
    }>`select to_jsonb(t)::text as row from ${sql.table(table)} t where ${where} order by 1`.execute(h.db);
    out[table] = rows.map((r) => r.row);
  }
  return out;
}
