import { DICTIONARY_MSG, isOrgAdmin, maskAllows, effectiveMask } from '@fieldbook/domain';
import type { Selectable } from 'kysely';
import type { DictionariesTable } from '../db/schema.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { forbidden, notFound } from '../http/errors.js';

export type DictionaryRow = Selectable<DictionariesTable>;

/** Editable: the caller's organization's own dictionary that is not read-only (spec 2 §4). */
export const isEditable = (caller: Caller, d: DictionaryRow) =>
  !d.is_readonly && d.organization_id === caller.organizationId;

/** A dictionary the caller may read: a provider template or one of their organization's. */
export async function readableDictionary(db: Executor, caller: Caller, id: string): Promise<DictionaryRow> {
  const d = await db.selectFrom('dictionaries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!d || (d.organization_id !== null && d.organization_id !== caller.organizationId)) throw notFound();
  return d;
}

/** Structure changes: an organization admin on an editable dictionary. */
export async function editableDictionary(db: Executor, caller: Caller, id: string): Promise<DictionaryRow> {
  const d = await readableDictionary(db, caller, id);
  if (!isOrgAdmin(caller)) throw forbidden();
  if (!isEditable(caller, d)) throw forbidden(DICTIONARY_MSG.notEditable);
  return d;
}

/** Pick lists: org admins, or admins of a project that uses the dictionary (spec 2 §6). */
export async function pickListManager(db: Executor, caller: Caller, dictionaryId: string): Promise<DictionaryRow> {
  const d = await readableDictionary(db, caller, dictionaryId);
  if (!isEditable(caller, d)) throw forbidden(DICTIONARY_MSG.notEditable);
  if (isOrgAdmin(caller)) return d;
  const projects = await db
    .selectFrom('projects')
    .select('id')
    .where('dictionary_id', '=', d.id)
    .where('organization_id', '=', caller.organizationId)
    .execute();
  const admin = projects.some((p) =>
    maskAllows(effectiveMask(caller.permissions, [{ type: 'project', id: p.id }]), 'admin'),
  );
  if (!admin) throw forbidden();
  return d;
}

/** The dictionary a system belongs to, for an editing caller. */
export async function editableSystem(db: Executor, caller: Caller, systemId: string) {
  const s = await db.selectFrom('systems').selectAll().where('id', '=', systemId).executeTakeFirst();
  if (!s) throw notFound();
  return { system: s, dictionary: await editableDictionary(db, caller, s.dictionary_id) };
}

export async function editableComponent(db: Executor, caller: Caller, componentId: string) {
  const c = await db.selectFrom('components').selectAll().where('id', '=', componentId).executeTakeFirst();
  if (!c) throw notFound();
  return { component: c, ...(await editableSystem(db, caller, c.system_id)) };
}

export async function touch(db: Executor, caller: Caller, dictionaryId: string) {
  await db
    .updateTable('dictionaries')
    .set({ updated_at: new Date(), updated_by: caller.accountId })
    .where('id', '=', dictionaryId)
    .execute();
}
