import { z } from 'zod';
import { DICTIONARY_MSG, createSystemSchema, reorderSchema, updateSystemSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, notFound, uniquely } from '../http/errors.js';
import { editableDictionary, editableSystem, readableDictionary, touch } from './access.js';
import { loadComponents } from './tree.js';
import { renumber } from './service.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { systemActivity } from './activity.js';

async function nameTaken(db: Executor, dictionaryId: string, name: string, exceptId?: string) {
  let q = db
    .selectFrom('systems')
    .select('id')
    .where('dictionary_id', '=', dictionaryId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

async function present(db: Executor, systemId: string) {
  const s = await db.selectFrom('systems').selectAll().where('id', '=', systemId).executeTakeFirstOrThrow();
  return {
    id: s.id,
    name: s.name,
    color: s.color,
    order: s.sort_order,
    dictionaryId: s.dictionary_id,
    components: await loadComponents(db, [s.id]),
  };
}

/** Systems of the organization's dictionaries and the provider templates. */
export async function listSystems(deps: Deps, caller: Caller, dictionaryId?: string) {
  if (dictionaryId) await readableDictionary(deps.db, caller, dictionaryId);
  let q = deps.db
    .selectFrom('systems')
    .innerJoin('dictionaries', 'dictionaries.id', 'systems.dictionary_id')
    .select(['systems.id', 'systems.name', 'systems.color', 'systems.sort_order', 'systems.dictionary_id'])
    .where((eb) =>
      eb.or([
        eb('dictionaries.organization_id', 'is', null),
        eb('dictionaries.organization_id', '=', caller.organizationId),
      ]),
    );
  if (dictionaryId) q = q.where('systems.dictionary_id', '=', dictionaryId);
  const rows = await q.orderBy('systems.dictionary_id').orderBy('systems.sort_order').execute();
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    color: s.color,
    order: s.sort_order,
    dictionaryId: s.dictionary_id,
  }));
}

export async function createSystem(deps: Deps, caller: Caller, input: z.output<typeof createSystemSchema>) {
  await editableDictionary(deps.db, caller, input.dictionaryId);
  if (await nameTaken(deps.db, input.dictionaryId, input.name)) throw conflict(DICTIONARY_MSG.systemExisted);
  const id = await deps.db.transaction().execute(async (trx) => {
    const { next } = await trx
      .selectFrom('systems')
      .select((eb) => eb.fn.coalesce(eb.fn.max('sort_order'), eb.lit(-1)).as('next'))
      .where('dictionary_id', '=', input.dictionaryId)
      .executeTakeFirstOrThrow();
    const row = await uniquely(DICTIONARY_MSG.systemExisted, () =>
      trx
        .insertInto('systems')
        .values({
          dictionary_id: input.dictionaryId,
          name: input.name,
          color: input.color,
          sort_order: Number(next) + 1,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    await touch(trx, caller, input.dictionaryId);
    await recordActivity(trx, actorOf(caller), systemActivity('Add', row, { color: row.color }));
    return row.id;
  });
  return present(deps.db, id);
}

/** Edit needs a changed name or colour (spec 2 §5). */
export async function updateSystem(deps: Deps, caller: Caller, id: string, input: z.output<typeof updateSystemSchema>) {
  if (id !== input.id) throw badRequest('app.error.id-mismatch');
  const { system } = await editableSystem(deps.db, caller, id);
  if (system.dictionary_id !== input.dictionaryId) throw notFound();
  const name = input.name ?? system.name;
  const color = input.color ?? system.color;
  if (name === system.name && color.toLowerCase() === system.color.toLowerCase())
    throw badRequest(DICTIONARY_MSG.nothingChanged);
  if (await nameTaken(deps.db, system.dictionary_id, name, id)) throw conflict(DICTIONARY_MSG.systemExisted);
  await deps.db.transaction().execute(async (trx) => {
    await uniquely(DICTIONARY_MSG.systemExisted, () =>
      trx.updateTable('systems').set({ name, color }).where('id', '=', id).execute(),
    );
    await touch(trx, caller, system.dictionary_id);
    const renamed = name !== system.name ? { previousName: system.name } : {};
    await recordActivity(trx, actorOf(caller), systemActivity('Edit', { ...system, name }, { ...renamed, color }));
  });
  return present(deps.db, id);
}

export async function deleteSystem(deps: Deps, caller: Caller, id: string) {
  const { system } = await editableSystem(deps.db, caller, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('systems').where('id', '=', id).execute();
    await touch(trx, caller, system.dictionary_id);
    await recordActivity(trx, actorOf(caller), systemActivity('Delete', system));
  });
}

export async function reorderComponents(
  deps: Deps,
  caller: Caller,
  systemId: string,
  items: z.output<typeof reorderSchema>,
) {
  const { system } = await editableSystem(deps.db, caller, systemId);
  await deps.db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom('components')
      .select('id')
      .where('system_id', '=', systemId)
      .orderBy('sort_order')
      .execute();
    for (const [index, id] of renumber(
      items,
      own.map((c) => c.id),
    ).entries()) {
      await trx.updateTable('components').set({ sort_order: index }).where('id', '=', id).execute();
    }
    await touch(trx, caller, system.dictionary_id);
    await recordActivity(trx, actorOf(caller), systemActivity('Edit', system, { changes: ['componentOrder'] }));
  });
  return present(deps.db, systemId);
}

export async function ensureDictionaryEditable(deps: Deps, caller: Caller, dictionaryId: string) {
  return editableDictionary(deps.db, caller, dictionaryId);
}
