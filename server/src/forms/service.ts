import { FORM_MSG, formDetailsSchema } from '@fieldbook/domain';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, notFound, uniquely } from '../http/errors.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { disableFormLayer, enableFormLayer, type FormLayerDetails } from './layers.js';
import { logForm } from './activity.js';

type Details = z.output<typeof formDetailsSchema>;
export interface FormFiles {
  html?: { name: string; text: string };
  js?: { name: string; text: string };
}

const iso = (d: Date | string) => new Date(d).toISOString();

export async function findForm(db: Executor, caller: Pick<Caller, 'organizationId'>, id: string) {
  const form = await db
    .selectFrom('forms')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!form) throw notFound();
  return form;
}

async function present(deps: Deps, form: Awaited<ReturnType<typeof findForm>>) {
  const permissions = await deps.db
    .selectFrom('form_permissions')
    .select(['id', 'form_id', 'project_id'])
    .where('form_id', '=', form.id)
    .execute();
  return {
    id: form.id,
    name: form.name,
    description: form.description,
    htmlFile: form.html_file_name,
    jsFile: form.js_file_name,
    htmlUrl: `${deps.config.publicUrl}/rest/forms/rendered/${form.id}`,
    created: iso(form.created_at),
    modified: iso(form.updated_at),
    permissions: permissions.map((p) => ({ id: p.id, formId: p.form_id, projectId: p.project_id })),
  };
}

function checkFiles(files: FormFiles, required: boolean) {
  if (required && (!files.html || !files.js)) throw badRequest(FORM_MSG.filesRequired);
  if (files.html && !/<[a-z!][\s\S]*>/i.test(files.html.text)) throw badRequest(FORM_MSG.badHtml);
  if (files.js && files.js.text.trim() === '') throw badRequest(FORM_MSG.badJs);
}

async function nameTaken(db: Executor, caller: Caller, name: string, exceptId?: string) {
  let q = db
    .selectFrom('forms')
    .select('id')
    .where('organization_id', '=', caller.organizationId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function listForms(deps: Deps, caller: Caller, q: { page: number; pageSize: number; search?: string }) {
  let query = deps.db.selectFrom('forms').where('organization_id', '=', caller.organizationId);
  if (q.search) query = query.where('name', 'ilike', `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(q.pageSize)
    .offset(q.page * q.pageSize)
    .execute();
  const output = [];
  for (const row of rows) output.push(await present(deps, row));
  return { output, page: q.page, totalCount: Number(total) };
}

export async function getForm(deps: Deps, caller: Caller, id: string) {
  return present(deps, await findForm(deps.db, caller, id));
}

export async function createForm(deps: Deps, caller: Caller, details: Details, files: FormFiles) {
  requireOrgAdmin(caller);
  checkFiles(files, true);
  if (await nameTaken(deps.db, caller, details.name)) throw conflict(FORM_MSG.nameExists);
  const row = await deps.db.transaction().execute(async (trx) => {
    const form = await uniquely(FORM_MSG.nameExists, () =>
      trx
        .insertInto('forms')
        .values({
          organization_id: caller.organizationId,
          name: details.name,
          description: details.description ?? null,
          html: files.html!.text,
          js: files.js!.text,
          html_file_name: files.html!.name,
          js_file_name: files.js!.name,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    await logForm(trx, caller, 'Add', form, `Form '${form.name}' added`);
    return form;
  });
  return present(deps, row);
}

/** Edit: details, optionally new files, and (when given) the set of projects the form is granted to. */
export async function updateForm(
  deps: Deps,
  caller: Caller,
  id: string,
  details: Details,
  files: FormFiles,
  projectIds?: string[],
) {
  requireOrgAdmin(caller);
  const form = await findForm(deps.db, caller, id);
  checkFiles(files, false);
  if (await nameTaken(deps.db, caller, details.name, id)) throw conflict(FORM_MSG.nameExists);
  await deps.db.transaction().execute(async (trx) => {
    await uniquely(FORM_MSG.nameExists, () =>
      trx
        .updateTable('forms')
        .set({
          name: details.name,
          description: details.description ?? null,
          updated_at: new Date(),
          ...(files.html ? { html: files.html.text, html_file_name: files.html.name } : {}),
          ...(files.js ? { js: files.js.text, js_file_name: files.js.name } : {}),
        })
        .where('id', '=', form.id)
        .execute(),
    );
    const changes: { granted?: string[]; withdrawn?: string[] } = {};
    if (projectIds) {
      const current = await trx
        .selectFrom('form_permissions')
        .select(['id', 'project_id'])
        .where('form_id', '=', form.id)
        .execute();
      const withdrawn = current.filter((c) => !projectIds.includes(c.project_id));
      const granted = projectIds.filter((p) => !current.some((c) => c.project_id === p));
      for (const p of withdrawn) {
        await trx.deleteFrom('form_permissions').where('id', '=', p.id).execute();
        await disableFormLayer(trx, p.project_id, form.id);
      }
      for (const projectId of granted) await grant(trx, caller, form, projectId);
      Object.assign(changes, { granted, withdrawn: withdrawn.map((c) => c.project_id) });
    }
    // One entry for the whole edit, grants included: a form is the organization's, so no project.
    await logForm(trx, caller, 'Edit', { id: form.id, name: details.name }, `Form '${details.name}' edited`, {
      extra: changes,
    });
  });
  return getForm(deps, caller, id);
}

export async function deleteForm(deps: Deps, caller: Caller, id: string) {
  requireOrgAdmin(caller);
  const form = await findForm(deps.db, caller, id);
  await deps.db.transaction().execute(async (trx) => {
    const permissions = await trx
      .selectFrom('form_permissions')
      .select('project_id')
      .where('form_id', '=', form.id)
      .execute();
    for (const p of permissions) await disableFormLayer(trx, p.project_id, form.id);
    await trx.deleteFrom('forms').where('id', '=', form.id).execute();
    await logForm(trx, caller, 'Delete', form, `Form '${form.name}' deleted`);
  });
}

/** Grants a form to a project of the caller's organization and enables its forms layer (see enableFormLayer). */
export async function grant(
  db: Executor,
  caller: Caller,
  form: { id: string; name: string },
  projectId: string,
  layer?: FormLayerDetails,
) {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'name'])
    .where('id', '=', projectId)
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!project) throw notFound('app.project.not-found');
  const permission = await db
    .insertInto('form_permissions')
    .values({ form_id: form.id, project_id: projectId })
    .onConflict((oc) => oc.columns(['form_id', 'project_id']).doUpdateSet({ form_id: form.id }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const layerId = await enableFormLayer(db, projectId, form, layer);
  return { id: permission.id, layerId, projectName: project.name };
}

/** Grants a form to a project: the permission and its forms-type layer, in one transaction. */
export async function addPermission(deps: Deps, caller: Caller, formId: string, projectId: string) {
  requireOrgAdmin(caller);
  const form = await findForm(deps.db, caller, formId);
  const result = await deps.db.transaction().execute(async (trx) => {
    const granted = await grant(trx, caller, form, projectId);
    await logForm(trx, caller, 'Edit', form, `Form '${form.name}' granted to project '${granted.projectName}'`, {
      projectId,
    });
    return granted;
  });
  return { id: result.id, form: { id: form.id }, projectId, layerId: result.layerId };
}

export async function removePermission(deps: Deps, caller: Caller, permissionId: string) {
  requireOrgAdmin(caller);
  const permission = await deps.db
    .selectFrom('form_permissions')
    .innerJoin('forms', 'forms.id', 'form_permissions.form_id')
    .innerJoin('projects', 'projects.id', 'form_permissions.project_id')
    .select([
      'form_permissions.id',
      'form_permissions.form_id',
      'form_permissions.project_id',
      'forms.name as form_name',
      'projects.name as project_name',
    ])
    .where('form_permissions.id', '=', permissionId)
    .where('forms.organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!permission) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('form_permissions').where('id', '=', permission.id).execute();
    await disableFormLayer(trx, permission.project_id, permission.form_id);
    await logForm(
      trx,
      caller,
      'Edit',
      { id: permission.form_id, name: permission.form_name },
      `Form '${permission.form_name}' withdrawn from project '${permission.project_name}'`,
      { projectId: permission.project_id },
    );
  });
}

export async function formsOfProject(deps: Deps, caller: Caller, projectId: string, includeFiles: boolean) {
  const project = await deps.db
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .where('organization_id', '=', caller.organizationId)
    .executeTakeFirst();
  if (!project) throw notFound();
  const rows = await deps.db
    .selectFrom('forms')
    .innerJoin('form_permissions', 'form_permissions.form_id', 'forms.id')
    .selectAll('forms')
    .where('form_permissions.project_id', '=', projectId)
    .orderBy('forms.name')
    .execute();
  const out = [];
  for (const row of rows)
    out.push({ ...(await present(deps, row)), ...(includeFiles ? { html: row.html, js: row.js } : {}) });
  return out;
}

/** A form's HTML with its script (then any `after` scripts) inlined before </body>, as one document. */
export function formDocument(form: { html: string; js: string }, ...after: string[]): string {
  const inline = (js: string) => `<script>\n${js.replace(/<\/script/gi, '<\\/script')}\n</script>`;
  const scripts = [form.js, ...after].map(inline).join('\n');
  // A function replacer: "$&" or "$'" in a script must stay as written.
  return /<\/body>/i.test(form.html)
    ? form.html.replace(/<\/body>/i, () => `${scripts}\n</body>`)
    : `${form.html}\n${scripts}`;
}

/** The form as one HTML document with its script, for a sandboxed iframe. */
export async function renderedForm(deps: Deps, caller: Pick<Caller, 'organizationId'>, id: string): Promise<string> {
  return formDocument(await findForm(deps.db, caller, id));
}
