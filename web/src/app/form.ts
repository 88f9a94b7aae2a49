import { useState, type ChangeEvent } from 'react';
import { useT } from '../i18n/translate';

/** Field name → message id of its first problem. */
export type FieldErrors = Record<string, string>;

/** Any zod schema (kept structural so the web package needs no direct zod dependency). */
interface SafeParser {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** Runs a shared domain schema and keeps the first issue of each top-level field. */
export function schemaErrors(schema: SafeParser, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}

interface FormOptions {
  /** Fields whose error shows while typing (password rules, confirmation), not only after leaving them. */
  live?: string[];
}

/**
 * Small controlled-form helper: values, touched fields and MUI TextField props whose helper text
 * is the translated message id from the shared validation rules.
 */
export function useForm<V extends Record<string, string>>(
  initial: V,
  validate: (values: V) => FieldErrors,
  options: FormOptions = {},
) {
  const t = useT();
  const [values, setValues] = useState<V>(initial);
  // A field's error shows once the user has edited it and left it: tabbing through an empty form
  // (or clicking a link below it) shows nothing and shifts nothing.
  const [edited, setEdited] = useState<Record<string, boolean>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errors = validate(values);
  const valid = Object.keys(errors).length === 0;

  const set = (name: keyof V, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setEdited((s) => (s[name as string] ? s : { ...s, [name]: true }));
  };
  const shows = (name: string) =>
    Boolean(errors[name]) && ((edited[name] && touched[name]) || (options.live?.includes(name) && values[name] !== ''));

  const field = (name: keyof V & string, label: string, hint?: string) => ({
    name,
    label,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, e.target.value),
    onBlur: () => setTouched((s) => ({ ...s, [name]: true })),
    error: shows(name),
    helperText: shows(name) ? t(errors[name], { field: label }) : hint,
  });

  const reset = (next: Partial<V> = {}) => {
    setValues({ ...initial, ...next });
    setEdited({});
    setTouched({});
  };

  return { values, set, errors, valid, field, reset };
}
