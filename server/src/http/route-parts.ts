import { z } from 'zod';

/** Pieces every route file declares the same way. */
export const member = { access: 'member' } as const;
/** `orgId` picks one of the caller's organizations (DESIGN §4); absent means the default one. */
export const orgQuery = z.object({ orgId: z.string().optional() });
export const idParams = z.object({ id: z.string().uuid() });
