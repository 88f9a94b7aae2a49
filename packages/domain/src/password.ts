import { LIMITS } from './limits.js';
import { MSG } from './messages.js';

/** Password rules in the order the spec shows them: length, number, lower, upper, special. */
export const PASSWORD_RULES = [
  { id: MSG.passwordReqs.length, test: (p: string) => p.length >= LIMITS.passwordMin },
  { id: MSG.passwordReqs.number, test: (p: string) => /\d/.test(p) },
  { id: MSG.passwordReqs.lower, test: (p: string) => /[a-z]/.test(p) },
  { id: MSG.passwordReqs.upper, test: (p: string) => /[A-Z]/.test(p) },
  { id: MSG.passwordReqs.special, test: (p: string) => /[^A-Za-z0-9\s]/.test(p) },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'];

/** Every rule the password does not meet, in the spec's order. */
export function unmetPasswordRules(password: string): PasswordRuleId[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.id);
}

/** The message id of the first unmet rule, or null when the password is acceptable. */
export function firstUnmetPasswordRule(password: string): PasswordRuleId | null {
  return unmetPasswordRules(password)[0] ?? null;
}
