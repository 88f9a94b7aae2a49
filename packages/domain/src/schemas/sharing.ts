import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { permissionEntrySchema } from './accounts.js';

export const GRANT_STATES = ['CREATED', 'REQUESTED', 'ACCEPTED', 'DENIED', 'EXPIRED'] as const;
export type GrantState = (typeof GRANT_STATES)[number];

export const SHARING_MSG = {
  exists: 'perms.409',
  invalidCode: 'app.perms.code.invalid',
  ownCode: 'app.perms.code.own',
  badTransition: 'app.perms.state.invalid',
} as const;

/** A sharing code looks like an e-mail address, at most 128 characters (spec 1 §5). */
export const grantCodeField = z
  .string()
  .trim()
  .min(1, { message: SHARING_MSG.invalidCode })
  .max(LIMITS.emailMax, { message: SHARING_MSG.invalidCode })
  .regex(/^[^\s@]+@[^\s@]+$/, { message: SHARING_MSG.invalidCode });

export const grantSchema = z.object({
  id: z.string(),
  state: z.enum(GRANT_STATES),
  grantorOrganization: z.string(),
  granteeOrganization: z.string().nullable(),
  grantorOrganizationId: z.string(),
  granteeOrganizationId: z.string().nullable(),
  createdByEmail: z.string(),
  createdDate: z.string(),
  acceptedByEmail: z.string().nullable(),
  acceptedDate: z.string().nullable(),
  deniedByEmail: z.string().nullable(),
  deniedDate: z.string().nullable(),
  expiredDate: z.string().nullable(),
  permissions: z.array(permissionEntrySchema),
});
export type Grant = z.infer<typeof grantSchema>;

export const grantPermissionsSchema = z.object({
  permissions: z.array(permissionEntrySchema).max(LIMITS.permissionEntriesMax),
});
