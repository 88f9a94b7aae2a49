import { z } from 'zod';
import { ASSET_TYPES } from '../user-types.js';
import { personNameField } from './fields.js';

export const permissionEntrySchema = z.object({
  assetTypeName: z.enum(ASSET_TYPES),
  assetId: z.string().min(1),
  bitMask: z.string().regex(/^[01]{4}$/),
});

export const organizationSummarySchema = z.object({ id: z.string(), name: z.string() });

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  type: z.string(),
  maxUsers: z.number().int().nullable(),
  userInfo: z.string().nullable(),
  rtkInfo: z.object({ seats: z.number().int() }),
  functionalityFlags: z.record(z.string(), z.unknown()),
  geoserverUrl: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  paymentMethod: z.number().int().nullable(),
  parent: organizationSummarySchema.nullable(),
  children: z.array(organizationSummarySchema),
  DEFAULT: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.string(),
  isActive: z.boolean(),
  renew: z.boolean(),
  createdDt: z.string(),
  permissions: z.array(permissionEntrySchema),
  organization: organizationSchema,
  rtkInfo: z.object({ id: z.string().nullable(), seats: z.number().int() }),
  isProstar: z.boolean(),
  isViewer: z.boolean(),
  isDataCollector: z.boolean(),
  isEditor: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const profileSchema = z.object({
  organization: organizationSummarySchema,
  organizations: z.array(organizationSummarySchema),
  permissions: z.array(permissionEntrySchema),
  eula: z.object({ web: z.number().int().nullable() }),
  isActive: z.boolean(),
  userType: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** PUT /rest/accounts for one's own names (spec 1 §2.4: at most 28 each, e-mail read-only). */
export const updateOwnAccountSchema = z.object({
  id: z.string().min(1),
  firstName: personNameField,
  lastName: personNameField,
});

export const authActivitySchema = z.object({
  type: z.string().trim().min(1).max(64),
  category: z.string().trim().min(1).max(64),
  message: z.string().trim().min(1).max(1000),
  timestamp: z.union([z.number(), z.string()]).optional(),
});
