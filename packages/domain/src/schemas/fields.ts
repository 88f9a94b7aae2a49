import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { firstUnmetPasswordRule } from '../password.js';

/** E-mails are trimmed, lower-cased, at most 128 characters and well-formed. */
export const emailField = z
  .string({ message: MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .min(1, { message: MSG.nonEmpty })
  .max(LIMITS.emailMax, { message: MSG.invalidEmail })
  .pipe(z.email({ message: MSG.invalidEmail }));

/** A password that meets every rule; the error is the first unmet rule's message id. */
export const newPasswordField = z.string({ message: MSG.passwordReqs.length }).superRefine((value, ctx) => {
  const unmet = firstUnmetPasswordRule(value);
  if (unmet) ctx.addIssue({ code: 'custom', message: unmet });
});

/** Any non-empty password (sign-in, old password): rules are not checked on what already exists. */
export const existingPasswordField = z.string({ message: MSG.nonEmpty }).min(1, { message: MSG.nonEmpty });

export const personNameField = z
  .string({ message: MSG.nonEmpty })
  .trim()
  .min(1, { message: MSG.nonEmpty })
  .max(LIMITS.nameMax, { message: MSG.nameTooLong });

export const codeField = z
  .string({ message: MSG.nonEmpty })
  .trim()
  .min(1, { message: MSG.nonEmpty })
  .max(32, { message: MSG.codeMismatch });
