import type { Organization } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import { findChildren, findOrganization, type OrganizationRow } from './store.js';

/** The Organization entity of spec 1 §3 as the web app receives it. */
export async function presentOrganization(
  db: Executor,
  row: OrganizationRow,
  defaultOrganizationId: string | null,
): Promise<Organization> {
  const parent = row.parent_id ? await findOrganization(db, row.parent_id) : undefined;
  const children = await findChildren(db, row.id);
  return {
    id: row.id,
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    type: row.type,
    maxUsers: row.max_users,
    userInfo: row.user_info ? JSON.stringify(row.user_info) : null,
    rtkInfo: { seats: row.rtk_seats },
    functionalityFlags: row.functionality_flags ?? {},
    geoserverUrl: row.geoserver_url,
    stripeCustomerId: row.stripe_customer_id,
    paymentMethod: row.payment_method,
    parent: parent ? { id: parent.id, name: parent.name } : null,
    children,
    DEFAULT: row.id === defaultOrganizationId,
  };
}
