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

/** A use case that did what was asked: its answer under `value`, and the text to show, if any. */
export interface Success<T> {
  readonly ok: true;
  readonly value: T;
  /** A confirmation to show, word for word from the module's catalogue (e.g. a recharge's). */
  readonly message?: string;
}

/**
 * A use case that could not do what was asked, for a reason the person can act on (a wrong field,
 * no permission, a backend that did not answer). Unexpected failures are thrown instead.
 */
export interface Failure<K extends string = never, R extends string = never> {
  readonly ok: false;
  /** The message for the whole form or screen, word for word from the module's catalogue. */
  readonly message?: string;
  /** Machine-readable, for the outcomes a screen must tell apart (e.g. 'not-found' from 'failed'). */
  readonly reason?: R;
  /** Per-field messages, for forms (the UI puts them under each input). */
  readonly fieldErrors?: FieldErrors<K>;
  /** Lines shown under the message as a list (e.g. the unmet password requirements). */
  readonly details?: readonly string[];
}

/**
 * What every use case answers: done with a value, or failed with what to show. `K` names the form's
 * fields that may carry an error, `R` the reasons a screen tells apart.
 */
export type Outcome<T = void, K extends string = never, R extends string = never> =
  | Success<T>
  | Failure<K, R>;

/** The value type of an outcome (or of a use case's promised outcome). */
export type ValueOf<O> = O extends Success<infer T> ? T : never;

export function done(): Success<void>;
export function done<T>(value: T, message?: string): Success<T>;
export function done<T>(value?: T, message?: string): Success<T | undefined> {
  return message === undefined ? { ok: true, value } : { ok: true, value, message };
}

/** A failure with a message for the whole screen (and a reason, where the screen tells them apart). */
export function failed<R extends string = never>(message: string, reason?: R): Failure<never, R> {
  return reason === undefined ? { ok: false, message } : { ok: false, message, reason };
}

/** A failure of a form's fields: each field's message goes under its input. */
export function invalid<K extends string>(fieldErrors: FieldErrors<K>): Failure<K, never> {
  return { ok: false, fieldErrors };
}
