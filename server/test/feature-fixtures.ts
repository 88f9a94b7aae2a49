import type { Harness } from './harness.js';
import { signedInAccount, type SignedIn, templateDictionaryId } from './factories.js';

/** One API call as a signed-in user; the body parsed when there is one. */
export const call = async (
  h: Harness,
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const res = await h.app.inject({
    method,
    url,
    headers: who.auth,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};

type Component = { id: string; alias: string; attributes: Array<{ id: string; name: string }> };

/** A project on a copy of a template (APWA unless named) with a feature folder (point, line, polygon layers); ids for drawing. */
export async function field(h: Harness, templateKey = 'apwa-utility-locating') {
  const admin = await signedInAccount(h);
  const template = { id: await templateDictionaryId(h, templateKey) };
  const dictionary = (await call(h, admin, 'POST', `/rest/dictionaries/copy/${template.id}`, { name: 'Locates' })).body;
  const project = (await call(h, admin, 'POST', '/rest/projects', { name: 'Field', dataDictionaryId: dictionary.id }))
    .body;
  const folder = (await call(h, admin, 'POST', `/rest/projects/${project.id}/addFeatureFolder`, {})).body;
  const layer = (name: string): string => folder.layers.find((l: { serverName: string }) => l.serverName === name).id;
  const systems = dictionary.systems as Array<{ id: string; name: string; components: Component[] }>;
  const electric = systems.find((s) => s.name === 'Electric')!;
  const component = (alias: string) => systems.flatMap((s) => s.components).find((c) => c.alias === alias)!;
  return { admin, dictionary, project, folder, layer, electric, component };
}

/** An attribute value of a component by the attribute's name. */
export const value = (
  component: { attributes: Array<{ id: string; name: string }> },
  name: string,
  attributeValue: string,
) => ({ attributeId: component.attributes.find((a) => a.name === name)!.id, attributeValue });

/** Sets one functionality flag of an organization, keeping the others. */
export async function setFlag(h: Harness, organizationId: string, flag: string, value: unknown) {
  const org = await h.db
    .selectFrom('organizations')
    .select('functionality_flags')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  await h.db
    .updateTable('organizations')
    .set({ functionality_flags: JSON.stringify({ ...(org.functionality_flags as object), [flag]: value }) })
    .where('id', '=', organizationId)
    .execute();
}

/** Sets every permission entry of a member to one mask (read per request, no new sign-in needed). */
export async function setOrgMask(h: Harness, who: SignedIn, mask: string) {
  await h.db.updateTable('permissions').set({ bit_mask: mask }).where('account_id', '=', who.accountId).execute();
}
