import { useCurrentAccount } from '../../../api/accounts';

/** The organization's lineFunctions flag (spec 3 §6); read the same way as the server (true or {enabled:true}). */
export function useLineFunctionsOn(): boolean {
  const account = useCurrentAccount().data;
  const value = (account?.organization.functionalityFlags as Record<string, unknown> | undefined)?.lineFunctions;
  if (value && typeof value === 'object') return (value as { enabled?: boolean }).enabled === true;
  return value === true;
}
