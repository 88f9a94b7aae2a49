import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';

export const ORG_MSG = {
  nameExists: 'app.org.child.name-exists',
  nameRequired: 'app.org.child.name-required',
  nameTooLong: 'app.org.child.name-too-long',
  childrenDisabled: 'app.org.children.disabled',
  noGrandchildren: 'app.org.children.no-grandchildren',
  notAChild: 'app.org.not-a-child',
  fieldTooLong: 'app.org.field-too-long',
} as const;

/** State is cut to 2 characters and the postal code to 10 (spec 1 §5), in the form and on the server. */
export const cutState = (s: string) => s.slice(0, LIMITS.stateMax);
export const cutPostalCode = (s: string) => s.slice(0, LIMITS.postalCodeMax);

const addressField = z
  .string()
  .trim()
  .max(LIMITS.addressFieldMax, { message: ORG_MSG.fieldTooLong })
  .nullable()
  .optional();

export const updateOrganizationSchema = z.object({
  id: z.string().min(1),
  address1: addressField,
  address2: addressField,
  city: addressField,
  state: z.string().trim().transform(cutState).nullable().optional(),
  postalCode: z.string().trim().transform(cutPostalCode).nullable().optional(),
});

export const childOrganizationNameField = z
  .string({ message: ORG_MSG.nameRequired })
  .trim()
  .min(1, { message: ORG_MSG.nameRequired })
  .max(LIMITS.childOrganizationNameMax, { message: ORG_MSG.nameTooLong });

export const createChildOrganizationSchema = z.object({
  name: childOrganizationNameField,
  parentId: z.string().min(1, { message: MSG.nonEmpty }),
});

/** Case-insensitive duplicate among existing children (the add dialog shows 'name exists'). */
export function childNameExists(name: string, children: { name: string }[]): boolean {
  const wanted = name.trim().toLowerCase();
  return children.some((c) => c.name.trim().toLowerCase() === wanted);
}
