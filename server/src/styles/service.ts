import { z } from 'zod';
import { XMLValidator } from 'fast-xml-parser';
import { DATA_MSG, createStyleSchema, isReservedStyleName, updateStyleSchema } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { badRequest, conflict, notFound, uniquely } from '../http/errors.js';
import { requireFlag } from '../http/flags.js';
import { requireOrgAdmin } from '../authz/policy.js';
import { projectOf } from '../projects/access.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { editedArtifact, namedActivity } from '../organizations/settings-activity.js';

const iso = (d: Date | string) => new Date(d).toISOString();
type StyleRow = NonNullable<Awaited<ReturnType<typeof findStyle>>>;

async function findStyle(db: Executor, organizationId: string, id: string) {
  return db
    .selectFrom('styles')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Organization styles are settings (category General); a style made for a project belongs to it. */
const styleActivity = (type: 'Add' | 'Edit' | 'Delete', row: StyleRow, extra: Record<string, unknown> = {}) =>
  namedActivity({
    type,
    noun: 'Style',
    idKey: 'styleId',
    thing: row,
    projectId: row.project_id,
    extra: { format: row.format, ...extra },
  });

const present = (row: StyleRow) => ({
  id: row.id,
  name: row.name,
  format: row.format,
  project: row.project_id ? { id: row.project_id } : null,
  isDictionaryStyle: row.is_dictionary_style,
  updatedAt: iso(row.updated_at),
  updatedBy: row.updated_by,
});

/** A non-empty body; an SLD must be well-formed XML with a StyledLayerDescriptor root. */
function checkBody(format: string, body: string) {
  if (body.trim() === '') throw badRequest(DATA_MSG.styleEmpty);
  if (format === 'xml') {
    const result = XMLValidator.validate(body);
    if (result !== true)
      throw badRequest(DATA_MSG.styleBadXml, 'InvalidParameterException', [
        { path: 'body', message: `line ${result.err.line}: ${result.err.msg}` },
      ]);
    if (!/<([\w-]+:)?StyledLayerDescriptor[\s>]/.test(body))
      throw badRequest(DATA_MSG.styleBadXml, 'InvalidParameterException', [
        { path: 'body', message: 'not an SLD document (no StyledLayerDescriptor)' },
      ]);
  }
}

async function gate(deps: Deps, caller: Caller) {
  await requireFlag(deps.db, caller, 'geoserver', DATA_MSG.geoserverDisabled);
}

/** A style's project is one the caller sees in their organization; another's, or none, is not found. */
async function checkedProject(deps: Deps, caller: Caller, projectId: string | null | undefined) {
  if (projectId) await projectOf(deps.db, caller, projectId);
}

/** Styles of the organization; dictionary styles are managed with their dictionary and not listed. */
export async function listStyles(deps: Deps, caller: Caller) {
  await gate(deps, caller);
  const rows = await deps.db
    .selectFrom('styles')
    .selectAll()
    .where('organization_id', '=', caller.organizationId)
    .where('is_dictionary_style', '=', false)
    .orderBy('name')
    .execute();
  return rows.map(present);
}

export async function createStyle(deps: Deps, caller: Caller, input: z.output<typeof createStyleSchema>) {
  await gate(deps, caller);
  requireOrgAdmin(caller);
  if (isReservedStyleName(input.name)) throw badRequest(DATA_MSG.styleReserved);
  checkBody(input.format, input.body);
  await checkedProject(deps, caller, input.projectId);
  const existing = await deps.db
    .selectFrom('styles')
    .select('id')
    .where('organization_id', '=', caller.organizationId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', input.name.toLowerCase()))
    .executeTakeFirst();
  if (existing) throw conflict(DATA_MSG.styleExists);
  const row = await deps.db.transaction().execute(async (trx) => {
    const created = await uniquely(DATA_MSG.styleExists, () =>
      trx
        .insertInto('styles')
        .values({
          organization_id: caller.organizationId,
          name: input.name,
          format: input.format,
          body: input.body,
          project_id: input.projectId ?? null,
          updated_by: caller.accountId,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    await recordActivity(trx, actorOf(caller), styleActivity('Add', created));
    return created;
  });
  return present(row);
}

export async function updateStyle(deps: Deps, caller: Caller, input: z.output<typeof updateStyleSchema>) {
  await gate(deps, caller);
  requireOrgAdmin(caller);
  const row = await findStyle(deps.db, caller.organizationId, input.id);
  if (!row) throw notFound();
  checkBody(row.format, input.body);
  if (input.projectId !== row.project_id) await checkedProject(deps, caller, input.projectId);
  const name = input.name ?? row.name;
  if (isReservedStyleName(name)) throw badRequest(DATA_MSG.styleReserved);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const after = await uniquely(DATA_MSG.styleExists, () =>
      trx
        .updateTable('styles')
        .set({
          name,
          body: input.body,
          project_id: input.projectId === undefined ? row.project_id : input.projectId,
          updated_at: new Date(),
          updated_by: caller.accountId,
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow(() => notFound()),
    );
    const edited = editedArtifact(row, after, ['name', 'body', 'project_id'], 'name');
    await recordActivity(trx, actorOf(caller), styleActivity('Edit', after, edited));
    return after;
  });
  return present(updated);
}

export async function styleBody(deps: Deps, caller: Caller, id: string) {
  await gate(deps, caller);
  const row = await findStyle(deps.db, caller.organizationId, id);
  if (!row) throw notFound();
  return row;
}

export async function deleteStyle(deps: Deps, caller: Caller, id: string) {
  await gate(deps, caller);
  requireOrgAdmin(caller);
  const row = await findStyle(deps.db, caller.organizationId, id);
  if (!row) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('styles').where('id', '=', id).execute();
    await recordActivity(trx, actorOf(caller), styleActivity('Delete', row));
  });
}
