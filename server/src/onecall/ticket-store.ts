import { sql } from 'kysely';
import type { Executor } from '../db/types.js';
import { recordFeatureActivity, type ActivityActor } from '../activities/record.js';
import { featureRows, toFeature } from '../features/service.js';
import { addVersion, insertFeature, softDelete } from '../features/store.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import type { ParsedTicket } from './ticket-parser.js';

/**
 * Writing received tickets to their layer, in the caller's transaction: a new ticket number adds a
 * feature, one the layer has already (an update, a re-send) changes that feature, which keeps its id,
 * and brings an archived ticket back. Each write has its version and its log entry, by the center that
 * sent the ticket (no account).
 */

/** A verified address a ticket was sent to. */
export interface TicketAddress {
  id: string;
  organization_id: string;
  project_id: string;
  layer_id: string;
  email_address: string;
  archive_days: number;
}

export interface StoredTicket {
  ticketNumber: string;
  featureId: string;
  projectId: string;
  status: 'created' | 'updated';
}

/** The log's author of what the system did for an organization (sender: the one-call center's address). */
export const systemActor = (organizationId: string, email: string | null): ActivityActor => ({
  organizationId,
  accountId: null,
  email,
  userType: null,
});

const geomOf = (geometry: unknown) => sql`ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(geometry)}), 4326)`;

/** The feature row as a version keeps it, deleted (archived) or not. */
async function currentFeature(trx: Executor, organizationId: string, featureId: string) {
  return featureRows(trx, { organizationId }, { withDeleted: true })
    .where('features.id', '=', featureId)
    .executeTakeFirstOrThrow();
}

export async function storeTicket(
  trx: Executor,
  address: TicketAddress,
  ticket: ParsedTicket,
  mail: { replyTo: string; raw: string; from: string | null },
): Promise<StoredTicket> {
  const actor = systemActor(address.organization_id, mail.from);
  const ticketColumns = {
    ticket_type: ticket.ticketType,
    revision: ticket.revision,
    members_notified: ticket.membersNotified.join(','),
    reply_to: mail.replyTo,
    fields: JSON.stringify(ticket.fields),
    raw: mail.raw,
  };
  const existing = await trx
    .selectFrom('onecall_tickets')
    .select(['id', 'feature_id'])
    .where('layer_id', '=', address.layer_id)
    .where('ticket_number', '=', ticket.ticketNumber)
    .forUpdate()
    .executeTakeFirst();
  const result = (featureId: string, status: StoredTicket['status']): StoredTicket => ({
    ticketNumber: ticket.ticketNumber,
    featureId: `onecall_tickets.${featureId}`,
    projectId: address.project_id,
    status,
  });

  if (!existing) {
    const featureId = await insertFeature(trx, actor, {
      kind: 'onecall_tickets',
      layer_id: address.layer_id,
      project_id: address.project_id,
      dictionary_id: null,
      system_id: null,
      component_id: null,
      attributes: [],
      metadata: null,
      properties: ticket.fields,
      field_values: {},
      geometry: ticket.geometry,
    });
    await trx
      .insertInto('onecall_tickets')
      .values({
        ...ticketColumns,
        organization_id: address.organization_id,
        project_id: address.project_id,
        address_id: address.id,
        layer_id: address.layer_id,
        feature_id: featureId,
        ticket_number: ticket.ticketNumber,
      })
      .execute();
    await recordFeatureActivity(trx, actor, {
      type: 'Add',
      featureIds: [featureId],
      message: `Ticket ${ticket.ticketNumber} received (${ticket.ticketType})`,
    });
    return result(featureId, 'created');
  }

  const before = await currentFeature(trx, address.organization_id, existing.feature_id);
  await addVersion(trx, actor, existing.feature_id, 'Edit', toFeature(before));
  await trx
    .updateTable('features')
    .set({
      geom: geomOf(ticket.geometry),
      properties: JSON.stringify(ticket.fields),
      updated_at: new Date(),
      updated_by: null,
      deleted_at: null,
    })
    .where('id', '=', existing.feature_id)
    .execute();
  await bumpLayerDataVersion(trx, [before.layer_id]);
  await trx
    .updateTable('onecall_tickets')
    .set({ ...ticketColumns, address_id: address.id, updated_at: new Date(), archived_at: null })
    .where('id', '=', existing.id)
    .execute();
  await recordFeatureActivity(trx, actor, {
    type: 'Edit',
    featureIds: [existing.feature_id],
    message: `Ticket ${ticket.ticketNumber} updated (${ticket.ticketType})`,
  });
  return result(existing.feature_id, 'updated');
}

/** Archives a ticket (its feature leaves the map, restorable; the ticket and its responses stay readable). */
export async function archiveTicket(
  trx: Executor,
  ticket: { id: string; organization_id: string; feature_id: string; ticket_number: string; archive_days: number },
): Promise<void> {
  const feature = await featureRows(trx, { organizationId: ticket.organization_id })
    .where('features.id', '=', ticket.feature_id)
    .executeTakeFirst();
  const actor = systemActor(ticket.organization_id, null);
  if (feature) {
    await addVersion(trx, actor, feature.id, 'Delete', toFeature(feature));
    await softDelete(trx, actor, { id: feature.id, layer_id: feature.layer_id });
    await recordFeatureActivity(trx, actor, {
      type: 'Delete',
      featureIds: [feature.id],
      message: `Ticket ${ticket.ticket_number} archived after ${ticket.archive_days} days`,
    });
  }
  await trx.updateTable('onecall_tickets').set({ archived_at: new Date() }).where('id', '=', ticket.id).execute();
}
