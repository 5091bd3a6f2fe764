import type { z } from 'zod';

/** Field-level messages keyed by field name, as a form shows them under each input. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Validation<T, K extends string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly fieldErrors: FieldErrors<K> };

/** Runs a zod schema and keeps the first message of each field. */
export function validateWith<T, K extends string>(schema: z.ZodType<T>, input: unknown): Validation<T, K> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (fieldErrors[field] === undefined) fieldErrors[field] = issue.message;
  }
  return { ok: false, fieldErrors };
}

/** The outcome of a command: done, or a message to show (and, for forms, per-field messages). */
export type Outcome<T = void, K extends string = never> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message?: string; readonly fieldErrors?: FieldErrors<K> };

export const done = <T>(value: T): Outcome<T, never> => ({ ok: true, value });
export const failed = (message: string): Outcome<never, never> => ({ ok: false, message });
