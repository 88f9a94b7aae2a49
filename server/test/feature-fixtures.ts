import type { Harness } from './harness.js';
import { signedInAccount, type SignedIn } from './factories.js';

/** One API call as a signed-in user; the body parsed when there is one. */
export const call = async (h: Harness, who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await h.app.inject({ method, url, headers: who.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

type Component = { id: string; alias: string; attributes: Array<{ id: string; name: string }> };

/** A project on a copy of the APWA template with a feature folder (point, line, polygon layers); ids for drawing. */
export async function field(h: Harness) {
  const admin = await signedInAccount(h);
  const template = await h.db.selectFrom('dictionaries').select('id').where('template_key', '=', 'apwa-utility-locating').executeTakeFirstOrThrow();
  const dictionary = (await call(h, admin, 'POST', `/rest/dictionaries/copy/${template.id}`, { name: 'Locates' })).body;
  const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Field', dataDictionaryId: dictionary.id })).body;
  const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {})).body;
  const layer = (name: string): string => folder.layers.find((l: { serverName: string }) => l.serverName === name).id;
  const electric = dictionary.systems.find((s: { name: string }) => s.name === 'Electric') as { id: string; components: Component[] };
  const component = (alias: string) => electric.components.find((c) => c.alias === alias)!;
  return { admin, dictionary, project, folder, layer, electric, component };
}

/** An attribute value of a component by the attribute's name. */
export const value = (component: { attributes: Array<{ id: string; name: string }> }, name: string, attributeValue: string) =>
  ({ attributeId: component.attributes.find((a) => a.name === name)!.id, attributeValue });
