import type { Harness } from './harness.js';
import type { SignedIn } from './factories.js';

/** Forms administration as the app sends it: multipart bodies of an HTML file, a JS file and a JSON dto. */
export const HTML = '<!doctype html><html><body><form><label>Ticket <input name="ticket"></label></form></body></html>';
export const JS = 'window.validate = () => document.querySelector("input").value.length > 0;';

async function multipart(fields: { dto?: unknown; html?: string; js?: string }) {
  const fd = new FormData();
  if (fields.html !== undefined) fd.append('htmlFile', new Blob([fields.html], { type: 'text/html' }), 'locate.html');
  if (fields.js !== undefined) fd.append('jsFile', new Blob([fields.js], { type: 'text/javascript' }), 'locate.js');
  if (fields.dto !== undefined) fd.append('dto', JSON.stringify(fields.dto));
  const request = new Request('http://local/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

export const send = async (
  h: Harness,
  who: SignedIn,
  method: 'POST' | 'PUT',
  url: string,
  fields: Parameters<typeof multipart>[0],
) => {
  const body = await multipart(fields);
  const res = await h.app.inject({ method, url, payload: body.payload, headers: { ...who.auth, ...body.headers } });
  return { status: res.statusCode, body: res.json() };
};

export async function project(h: Harness, organizationId: string, name = 'Locates 2025') {
  const dictionary = await h.db
    .selectFrom('dictionaries')
    .select('id')
    .where('organization_id', 'is', null)
    .executeTakeFirstOrThrow();
  return h.db
    .insertInto('projects')
    .values({ organization_id: organizationId, name, dictionary_id: dictionary.id, site_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
}
