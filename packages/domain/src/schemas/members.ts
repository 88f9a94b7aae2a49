import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { USER_TYPES } from '../user-types.js';
import { emailField, personNameField } from './fields.js';
import { permissionEntrySchema } from './accounts.js';

export const MEMBER_MSG = {
  tooManyPermissions: 'app.mm.permissions.too-many',
  alreadyMember: 'app.mm.user.exists',
  noUsersAvailable: 'app.mm.no-users-available',
  noEditorsAvailable: 'app.mm.no-editors-available',
  noCollectorsAvailable: 'app.mm.no-collectors-available',
  noRtkAvailable: 'app.mm.no-rtk-available',
  userTypeRequired: 'app.mm.user-type.required',
  notForSelf: 'app.mm.not-for-self',
  notForSso: 'app.mm.not-for-sso',
  inactiveUser: 'app.mm.user.inactive',
  notPromotable: 'app.mm.not-promotable',
  permissionTooHigh: 'app.mm.permissions.too-high',
  namesNotEditable: 'app.mm.names.not-editable',
  invitationNotFound: 'app.invitation.not-found',
} as const;

export const memberUserTypeSchema = z.enum([USER_TYPES.viewer, USER_TYPES.dataCollector, USER_TYPES.editor]);

export const permissionListSchema = z
  .array(permissionEntrySchema)
  .max(LIMITS.permissionEntriesMax, { message: MEMBER_MSG.tooManyPermissions });

/** POST /rest/accounts (spec 1 §5 add user). userType is optional only for plus organizations. */
export const addMemberSchema = z.object({
  email: emailField,
  firstName: personNameField,
  lastName: personNameField,
  userType: memberUserTypeSchema.optional(),
  permissions: permissionListSchema.optional(),
  organizationId: z.string().optional(),
  rtkStatus: z.boolean().optional(),
});
export type AddMemberInput = z.input<typeof addMemberSchema>;

/** PUT /rest/accounts for another member (admins) or oneself (names only). */
export const updateMemberSchema = z.object({
  id: z.string().min(1),
  firstName: personNameField.optional(),
  lastName: personNameField.optional(),
  permissions: permissionListSchema.optional(),
  renew: z.boolean().optional(),
  rtkStatus: z.boolean().optional(),
});

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.string(),
  isActive: z.boolean(),
  renew: z.boolean(),
  createdDt: z.string(),
  rtkInfo: z.object({ id: z.string().nullable() }),
  isSso: z.boolean(),
  mustChangePassword: z.boolean(),
  /** Not joined yet: a new account that has not chosen its password, or a person who has not accepted. */
  invitationPending: z.boolean(),
  /** Whether the organization's admins may change the names (only of accounts it created and owns). */
  namesEditable: z.boolean(),
  permissions: z.array(permissionEntrySchema),
});
export type Member = z.infer<typeof memberSchema>;

/** An invitation to another organization, as its invitee sees it (GET /rest/accounts/invitations). */
export const invitationSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  invitedBy: z.string().nullable(),
  userType: z.string(),
  createdDt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationParamsSchema = z.object({
  organizationId: z.string().uuid({ message: MEMBER_MSG.invitationNotFound }),
});

const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const MEMBER_SORT_FIELDS = ['name', 'email', 'userType', 'createdDt'] as const;

/** GET /rest/accounts/filter query: server paging (default 10), sort, search and filters. */
export const memberFilterQuerySchema = z.object({
  orgId: z.string().optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(LIMITS.memberPageSize),
  sort: z.enum(MEMBER_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(LIMITS.emailMax).optional(),
  active: boolQuery.optional(),
  renew: boolQuery.optional(),
  rtk: boolQuery.optional(),
  userType: memberUserTypeSchema.or(z.literal(USER_TYPES.support)).optional(),
  includeProstarUsers: boolQuery.optional(),
});

export const memberPageSchema = z.object({
  data: z.array(memberSchema),
  page: z.number().int(),
  totalCount: z.number().int(),
});

export const seatSummarySchema = z.object({
  used: z.number().int(),
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  byType: z.object({
    viewers: z.number().int(),
    editors: z.number().int(),
    dataCollectors: z.number().int(),
    rtk: z.number().int(),
  }),
  free: z.object({ viewer: z.boolean(), editor: z.boolean(), dataCollector: z.boolean(), rtk: z.boolean() }),
  limits: z.object({
    maxUsers: z.number().int().nullable(),
    userInfo: z.record(z.string(), z.number()).nullable(),
    rtkSeats: z.number().int(),
  }),
});
export type SeatSummary = z.infer<typeof seatSummarySchema>;
