import { FORMS_FOLDER_TYPE, SYSTEM_NAMES } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import { specialFolder } from '../projects/special-folders.js';

const formsFolder = (db: Executor, projectId: string) =>
  specialFolder(db, projectId, FORMS_FOLDER_TYPE, SYSTEM_NAMES.formsFolder);

/** Name, description and method of a forms layer chosen by the caller (else the form's name, WMS). */
export interface FormLayerDetails {
  name: string;
  description?: string | null;
  preferredMethod?: string;
}

/**
 * Granting a form to a project gives it a forms-type layer (preferred method WMS) in the forms
 * folder; granting it again re-enables the layer the earlier removal disabled. With `details` the
 * new layer takes exactly that name (a clash is the caller's unique-name error), else the form's
 * name made unique.
 */
export async function enableFormLayer(
  db: Executor,
  projectId: string,
  form: { id: string; name: string },
  details?: FormLayerDetails,
): Promise<string> {
  const folderId = await formsFolder(db, projectId);
  const existing = await db
    .selectFrom('layers')
    .select('id')
    .where('project_id', '=', projectId)
    .where('reference_id', '=', form.id)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('layers').set({ is_active: true }).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const siblings = new Set(
    (await db.selectFrom('layers').select('name').where('folder_id', '=', folderId).execute()).map((l) =>
      l.name.toLowerCase(),
    ),
  );
  let name = details?.name ?? form.name;
  for (let n = 2; !details && siblings.has(name.toLowerCase()); n++) name = `${form.name} (${n})`;
  const row = await db
    .insertInto('layers')
    .values({
      project_id: projectId,
      folder_id: folderId,
      name,
      description: details?.description ?? null,
      type: 'VECTOR',
      server_name: 'htmlform_feature',
      reference_id: form.id,
      preferred_method: details?.preferredMethod ?? 'WMS',
      mobile_preferred_method: null,
      style_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Removing the grant disables the layer; its collected form records stay. */
export async function disableFormLayer(db: Executor, projectId: string, formId: string): Promise<void> {
  await db
    .updateTable('layers')
    .set({ is_active: false })
    .where('project_id', '=', projectId)
    .where('reference_id', '=', formId)
    .execute();
}
