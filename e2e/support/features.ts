import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { choose } from './map-page.js';
import { copyTemplate, seedFeatureProject, updatePrefs, type MapEnv } from './session.js';

type Dict = {
  id: string;
  systems: Array<{
    id: string;
    name: string;
    color?: string | null;
    components: Array<{ id: string; alias: string; attributes: Array<{ id: string; name: string }> }>;
  }>;
};

export interface Locates {
  project: string;
  folder: string;
  point: string;
  line: string;
  polygon: string;
  dictionary: Dict;
  /** The Electric Pole classification and its required Locate Status attribute. */
  pole: { systemId: string; componentId: string; statusId: string };
}

/**
 * A project "Downtown" on a copy of a dictionary template with a feature folder (point, line and
 * polygon layers), made the user's last project with its layers on, the offline basemap (no tile
 * traffic) and the given view.
 */
export async function seedLocates(
  env: MapEnv,
  view: { center: { lat: number; lng: number }; zoom: number },
  templateKey = 'apwa-utility-locating',
): Promise<Locates> {
  const dictionary = await copyTemplate<Dict>(env, templateKey, 'Locates');
  const ids = await seedFeatureProject(env, 'Downtown', dictionary.id);
  const electric = dictionary.systems.find((x) => x.name === 'Electric');
  const poleComponent = electric?.components.find((x) => x.alias === 'Electric Pole');
  const pole = {
    systemId: electric?.id ?? '',
    componentId: poleComponent?.id ?? '',
    statusId: poleComponent?.attributes.find((a) => a.name === 'Locate Status')?.id ?? '',
  };
  await updatePrefs(env.api, {
    lastProject: ids.project,
    provider: 'MAP_OFFLINE',
    projectPrefs: [
      {
        id: ids.project,
        selectedLayers: [ids.point, ids.line, ids.polygon],
        mapPrefs: { type: 'roadmap', theme: 'none', ...view },
      },
    ],
  });
  return { ...ids, dictionary, pole };
}

export interface FeatureJson {
  id: string;
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown> & { attributes?: string; system_id?: string; component_id?: string };
}

/** A project's features of a kind (oldest first), as GET /rest/features/{id} returns them. */
export async function featuresOf(
  env: MapEnv,
  projectId: string,
  kind: 'point' | 'line' | 'polygon',
): Promise<FeatureJson[]> {
  const rows = await env.server.db
    .selectFrom('features')
    .select('id')
    .where('project_id', '=', projectId)
    .where('kind', '=', kind)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return Promise.all(rows.map((r) => env.api<FeatureJson>('GET', `/rest/features/${kind}.${r.id}`)));
}

/** The project's first feature of a kind. */
export async function featureOf(
  env: MapEnv,
  projectId: string,
  kind: 'point' | 'line' | 'polygon',
): Promise<FeatureJson> {
  const [first] = await featuresOf(env, projectId, kind);
  if (!first) throw new Error(`no ${kind} in the project`);
  return first;
}

/** A feature's attribute values by attribute name, read from its attributes JSON and the dictionary. */
export function attributesByName(feature: FeatureJson, dictionary: Dict): Record<string, unknown> {
  const names = new Map(
    dictionary.systems.flatMap((s) => s.components.flatMap((c) => c.attributes.map((a) => [a.id, a.name] as const))),
  );
  const list = JSON.parse(feature.properties.attributes || '[]') as Array<{
    attributeId: string;
    attributeValue: unknown;
  }>;
  return Object.fromEntries(list.map((a) => [names.get(a.attributeId) ?? a.attributeId, a.attributeValue]));
}

/**
 * Fills the new-feature dialog and saves: a system, a component, picked values (by default the
 * required Locate Status of the APWA dictionary) and typed values.
 */
export async function classify(
  page: Page,
  component: string,
  values: Record<string, string>,
  options: { system?: string; picks?: Record<string, string> } = {},
): Promise<void> {
  const dialog = page.getByTestId('new-feature-dialog');
  await dialog.waitFor();
  expect(await page.getByTestId('new-feature-save').isDisabled()).toBe(true);
  await choose(page, 'feature-system', options.system ?? 'Electric');
  await choose(page, 'feature-component', component);
  for (const [name, value] of Object.entries(options.picks ?? { 'Locate Status': 'Marked' }))
    await choose(page, `attribute-${name}`, value);
  for (const [name, value] of Object.entries(values)) await page.getByTestId(`attribute-${name}`).fill(value);
  await page.getByTestId('new-feature-save').click();
  await dialog.waitFor({ state: 'hidden' });
}

/** An Electric Pole added by the API (its Add entry is logged), Locate Status "Marked"; its id "point.<n>". */
export async function addPole(env: MapEnv, ids: Locates, coordinates: number[]): Promise<string> {
  const pole = await env.api<{ id: string }>('POST', '/rest/features/points', {
    geometry: { type: 'Point', coordinates },
    properties: {
      layer_id: ids.point,
      system_id: ids.pole.systemId,
      component_id: ids.pole.componentId,
      attributes: [{ attributeId: ids.pole.statusId, attributeValue: 'Marked' }],
    },
  });
  return pole.id;
}
