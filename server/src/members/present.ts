import type { Member } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import { listPermissions } from '../accounts/store.js';
import type { MemberRow } from './store.js';

export const emailDomain = (email: string) => email.split('@')[1] ?? '';

export async function presentMember(db: Executor, organizationId: string, row: MemberRow, sso: Set<string>): Promise<Member> {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    userType: row.user_type,
    isActive: row.is_active,
    renew: row.renew,
    createdDt: new Date(row.created_at).toISOString(),
    rtkInfo: { id: row.rtk_id },
    isSso: sso.has(emailDomain(row.email)),
    mustChangePassword: row.must_change_password,
    permissions: await listPermissions(db, row.id, organizationId),
  };
}
