import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { LIMITS } from './limits.js';

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/**
 * A phone number is valid when it is a real number of the chosen country and has 7 to 15 digits
 * (spec 1 §5). Returns the E.164 form, or null when invalid.
 */
export function normalizePhone(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length < LIMITS.phoneDigitsMin || digits.length > LIMITS.phoneDigitsMax) return null;
  const parsed = parsePhoneNumberFromString(input, country);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}
