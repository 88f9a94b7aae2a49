import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  ONECALL_MSG,
  type OneCallEmail,
  type oneCallEmailCreateSchema,
  type oneCallEmailUpdateSchema,
} from '@fieldbook/domain';
import type { Config } from '../config.js';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { conflict, notFound, uniquely } from '../http/errors.js';
import { actorOf, recordActivity } from '../activities/record.js';
import { insertOneCallLayer } from '../projects/layers-by-reference.js';
import { removeLayer } from '../projects/layer-removal.js';
import { administeredProject, requireOneCall } from './access.js';
import { mailVerification, newVerification } from './verification.js';

/**
 * The project's one-call e-mail list (spec 3 §2, §3 one-call e-mail, §5, §7): project admins of an
 * organization with one-call on. An address comes with its tickets layer (one transaction), starts
 * unverified, and its archive days can be changed once verified.
 */

type CreateInput = z.output<typeof oneCallEmailCreateSchema>;
type UpdateInput = z.output<typeof oneCallEmailUpdateSchema>;

/** The domain of our inbound addresses: INBOUND_MAIL_DOMAIN, else PUBLIC_URL's host. */
export const inboundDomain = (config: Config) =>
  config.inbound?.mailDomain ?? new URL(config.publicUrl).hostname.toLowerCase();
export const INBOUND_LOCAL_PREFIX = 'tickets-';
export const inboundAddressOf = (config: Config, token: string) =>
  `${INBOUND_LOCAL_PREFIX}${token}@${inboundDomain(config)}`;

const addressRows = (db: Executor) =>
  db
    .selectFrom('onecall_addresses as a')
    .innerJoin('layers as l', 'l.id', 'a.layer_id')
    .select([
      'a.id',
      'a.project_id',
      'a.email_address',
      'a.verified_at',
      'a.archive_days',
      'a.layer_id',
      'a.inbound_token',
      'a.created_at',
      'l.name as layer_name',
      'l.folder_id',
    ]);
type AddressRow = Awaited<ReturnType<ReturnType<typeof addressRows>['executeTakeFirstOrThrow']>>;

export function presentAddress(config: Config, row: AddressRow): OneCallEmail {
  return {
    id: row.id,
    projectId: row.project_id,
    emailAddress: row.email_address,
    isVerified: row.verified_at !== null,
    archiveDays: row.archive_days,
    layerName: row.layer_name,
    folderId: row.folder_id,
    layer: { id: row.layer_id, layerName: row.layer_name, folderId: row.folder_id },
    inboundAddress: inboundAddressOf(config, row.inbound_token),
    inboundToken: row.inbound_token,
    created: row.created_at.toISOString(),
  };
}

async function addressOf(db: Executor, projectId: string, id: string): Promise<AddressRow> {
  const row = await addressRows(db).where('a.project_id', '=', projectId).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The project admin's view of the list, refused without one-call or admin rights. */
async function context(deps: Deps, caller: Caller, projectId: string) {
  const project = await administeredProject(deps.db, caller, projectId);
  await requireOneCall(deps.db, caller);
  return project;
}

export async function listAddresses(deps: Deps, caller: Caller, projectId: string): Promise<OneCallEmail[]> {
  const project = await context(deps, caller, projectId);
  const rows = await addressRows(deps.db)
    .where('a.project_id', '=', project.id)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => presentAddress(deps.config, row));
}

/** Spec 3 §5: the layer name may not be any layer's name in the project (whatever its case). */
async function layerNameTakenInProject(db: Executor, projectId: string, name: string) {
  const row = await db
    .selectFrom('layers')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return !!row;
}

async function emailListed(db: Executor, projectId: string, email: string) {
  const row = await db
    .selectFrom('onecall_addresses')
    .select('id')
    .where('project_id', '=', projectId)
    .where((eb) => eb(eb.fn('lower', ['email_address']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return !!row;
}

export async function createAddress(deps: Deps, caller: Caller, input: CreateInput): Promise<OneCallEmail> {
  const project = await context(deps, caller, input.projectId);
  if (await emailListed(deps.db, project.id, input.emailAddress)) throw conflict(ONECALL_MSG.emailInUse);
  if (await layerNameTakenInProject(deps.db, project.id, input.layerName)) throw conflict(ONECALL_MSG.layerExists);
  const id = randomUUID();
  const verification = newVerification();
  await deps.db.transaction().execute(async (trx) => {
    const layerId = await insertOneCallLayer(trx, caller, project.id, id, {
      name: input.layerName,
      description: null,
      preferredMethod: 'WFS',
    });
    await uniquely(ONECALL_MSG.emailInUse, () =>
      trx
        .insertInto('onecall_addresses')
        .values({
          id,
          organization_id: caller.organizationId,
          project_id: project.id,
          layer_id: layerId,
          email_address: input.emailAddress,
          verification_hash: verification.hash,
          verification_expires_at: verification.expiresAt,
          inbound_token: randomBytes(16).toString('hex'),
          created_by: caller.accountId,
        })
        .execute(),
    );
    await recordActivity(trx, actorOf(caller), {
      type: 'Add',
      category: 'Project',
      message: `One-call e-mail address added: ${input.emailAddress} (layer ${input.layerName})`,
      projectId: project.id,
      artifact: { oneCallAddressId: id, emailAddress: input.emailAddress, layerId },
    });
  });
  await mailVerification(deps, input.emailAddress, project.name, verification.token);
  return presentAddress(deps.config, await addressOf(deps.db, project.id, id));
}

/** Archive days (spec 3 §5: 1–365), editable once the address is verified (spec 3 §4). */
export async function updateAddress(deps: Deps, caller: Caller, input: UpdateInput): Promise<OneCallEmail> {
  const project = await context(deps, caller, input.projectId);
  const row = await addressOf(deps.db, project.id, input.id);
  if (row.verified_at === null) throw conflict(ONECALL_MSG.notVerified);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('onecall_addresses')
      .set({ archive_days: input.archiveDays })
      .where('id', '=', row.id)
      .execute();
    await recordActivity(trx, actorOf(caller), {
      type: 'Edit',
      category: 'Project',
      message: `One-call e-mail address ${row.email_address}: tickets archived after ${input.archiveDays} days`,
      projectId: project.id,
      artifact: { oneCallAddressId: row.id, archiveDays: input.archiveDays, before: row.archive_days },
    });
  });
  return presentAddress(deps.config, await addressOf(deps.db, project.id, row.id));
}

/**
 * Removes an address and its tickets layer, whose features are kept restorable like any deleted
 * layer's (its tickets' responses stay with them); mail to the address is no longer received.
 */
export async function deleteAddress(deps: Deps, caller: Caller, projectId: string, id: string): Promise<void> {
  const project = await context(deps, caller, projectId);
  const row = await addressOf(deps.db, project.id, id);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('onecall_addresses').where('id', '=', row.id).execute();
    // Without its address the layer is an archive of tickets: restored from the log, it is then an
    // ordinary layer its admins can delete again (a referenced layer cannot be deleted on its own).
    const layer = await trx
      .updateTable('layers')
      .set({ reference_id: null })
      .where('id', '=', row.layer_id)
      .returning(['id', 'name', 'project_id', 'folder_id', 'type'])
      .executeTakeFirstOrThrow();
    await removeLayer(trx, caller, layer);
    await recordActivity(trx, actorOf(caller), {
      type: 'Delete',
      category: 'Project',
      message: `One-call e-mail address removed: ${row.email_address} (layer ${row.layer_name})`,
      projectId: project.id,
      artifact: { oneCallAddressId: row.id, emailAddress: row.email_address, layerId: row.layer_id },
    });
  });
}

/** Mails a new verification link to an unverified address (the old link stops working). */
export async function resendVerification(deps: Deps, caller: Caller, projectId: string, id: string) {
  const project = await context(deps, caller, projectId);
  const row = await addressOf(deps.db, project.id, id);
  if (row.verified_at !== null) return presentAddress(deps.config, row);
  const verification = newVerification();
  await deps.db
    .updateTable('onecall_addresses')
    .set({ verification_hash: verification.hash, verification_expires_at: verification.expiresAt })
    .where('id', '=', row.id)
    .execute();
  await mailVerification(deps, row.email_address, project.name, verification.token);
  return presentAddress(deps.config, row);
}
