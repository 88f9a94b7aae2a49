import type { ZodType } from 'zod';

/** The first message id a domain schema gives for a form value, or undefined when valid. */
export function firstError(schema: ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The message id of one field, when that field is the one at fault. */
export function fieldError(schema: ZodType, value: unknown, field: string): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path[0] === field)?.message;
}
