import { z } from 'zod';

/** External WMS/WMTS services (spec 3 §5, §9): capabilities URL, username and password, 256 each. */
export const EXTERNAL_SERVICE_LIMITS = { urlMax: 256, usernameMax: 256, passwordMax: 256 } as const;
export const EXTERNAL_MSG = {
  urlInvalid: 'app.url.invalid',
  unreachable: 'app.external-service.error.unreachable',
  invalidCapabilities: 'app.external-service.error.capabilities',
  privateAddress: 'app.external-service.error.private-address',
  noLayers: 'app.external-service.error.no-layers',
} as const;

const httpUrl = z
  .string({ message: EXTERNAL_MSG.urlInvalid })
  .trim()
  .max(EXTERNAL_SERVICE_LIMITS.urlMax, { message: EXTERNAL_MSG.urlInvalid })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { message: EXTERNAL_MSG.urlInvalid },
  );

export const serviceStoreSchema = z.object({
  capabilitiesURL: httpUrl,
  username: z.string().trim().max(EXTERNAL_SERVICE_LIMITS.usernameMax).optional().default(''),
  password: z.string().trim().max(EXTERNAL_SERVICE_LIMITS.passwordMax).optional().default(''),
});
export const wmsStoreBody = z.object({ wmsStore: serviceStoreSchema });
export const wmtsStoreBody = z.object({ wmtsStore: serviceStoreSchema });
