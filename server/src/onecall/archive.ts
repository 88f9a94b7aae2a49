import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import { archiveTicket } from './ticket-store.js';

const BATCH = 200;

/**
 * Housekeeping of the worker (hourly): a ticket not received again for longer than its address's
 * archive days (spec 3 §3, default 7) is archived, its feature leaving the map. Each ticket in its own
 * short transaction; returns how many were archived. Tests pass a later `now`.
 */
export async function archiveTickets(deps: Pick<Deps, 'db'>, now = new Date()): Promise<number> {
  let archived = 0;
  for (;;) {
    const due = await deps.db
      .selectFrom('onecall_tickets as t')
      .innerJoin('onecall_addresses as a', 'a.id', 't.address_id')
      .select(['t.id', 't.organization_id', 't.feature_id', 't.ticket_number', 'a.archive_days'])
      .where('t.archived_at', 'is', null)
      .where(sql<boolean>`t.updated_at < ${now}::timestamptz - make_interval(days => a.archive_days)`)
      .orderBy('t.updated_at')
      .limit(BATCH)
      .execute();
    for (const ticket of due) {
      await deps.db.transaction().execute((trx) => archiveTicket(trx, ticket));
      archived++;
    }
    if (due.length < BATCH) return archived;
  }
}
