import type { Account } from '@fieldbook/domain';

/** Functionality flags named in spec 2 §6 (the organization's feature gates). */
export type DataFlag = 'dictionaryStyling' | 'siteCalibration' | 'clients' | 'geoserver';

/**
 * Whether a functionality flag of the organization is on: `true` or `{ enabled: true }`, read the
 * same way as the server does. An account not loaded yet gives `undefined` (not known).
 */
export function flagOn(account: Account | undefined, flag: DataFlag): boolean | undefined {
  if (!account) return undefined;
  const value = (account.organization.functionalityFlags as Record<string, unknown> | undefined)?.[flag];
  if (value && typeof value === 'object') return (value as { enabled?: boolean }).enabled === true;
  return value === true;
}
