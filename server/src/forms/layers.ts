import { FORMS_FOLDER_TYPE } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';

/** The project's forms folder (type 2), created on first use. */
async function formsFolder(db: Executor, projectId: string): Promise<string> {
  const existing = await db.selectFrom('folders').select('id').where('project_id', '=', projectId)
    .where('folder_type', '=', FORMS_FOLDER_TYPE).where('parent_id', 'is', null).executeTakeFirst();
  if (existing) return existing.id;
  const taken = await db.selectFrom('folders').select('name').where('project_id', '=', projectId).where('parent_id', 'is', null).execute();
  const names = new Set(taken.map((f) => f.name.toLowerCase()));
  const name = ['Forms', 'HTML Forms', 'Project Forms'].find((n) => !names.has(n.toLowerCase())) ?? `Forms ${Date.now()}`;
  const row = await db.insertInto('folders').values({ project_id: projectId, parent_id: null, name, description: null, folder_type: FORMS_FOLDER_TYPE })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Granting a form to a project gives it a forms-type layer (preferred method WMS) in the forms
 * folder; granting it again re-enables the layer the earlier removal disabled.
 */
export async function enableFormLayer(db: Executor, projectId: string, form: { id: string; name: string }): Promise<string> {
  const folderId = await formsFolder(db, projectId);
  const existing = await db.selectFrom('layers').select('id').where('project_id', '=', projectId).where('reference_id', '=', form.id).executeTakeFirst();
  if (existing) {
    await db.updateTable('layers').set({ is_active: true }).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const siblings = new Set((await db.selectFrom('layers').select('name').where('folder_id', '=', folderId).execute()).map((l) => l.name.toLowerCase()));
  let name = form.name;
  for (let n = 2; siblings.has(name.toLowerCase()); n++) name = `${form.name} (${n})`;
  const row = await db.insertInto('layers').values({
    project_id: projectId, folder_id: folderId, name, description: null, type: 'VECTOR', server_name: 'htmlform_feature',
    reference_id: form.id, preferred_method: 'WMS', mobile_preferred_method: null, style_id: null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Removing the grant disables the layer; its collected form records stay. */
export async function disableFormLayer(db: Executor, projectId: string, formId: string): Promise<void> {
  await db.updateTable('layers').set({ is_active: false }).where('project_id', '=', projectId).where('reference_id', '=', formId).execute();
}
