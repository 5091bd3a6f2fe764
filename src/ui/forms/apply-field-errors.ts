import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { Outcome } from '../../domain/shared/validation';

/**
 * Puts a use case's field errors under the form's inputs (react-hook-form's `setError`), and moves the
 * focus to the first of them: in `order` when given (the order of the fields on the page), else in the
 * order the use case listed them. Returns true when the outcome had any field error, so the caller
 * knows whether a message above the form is all there is to show.
 */
export function applyFieldErrors<F extends FieldValues>(
  setError: UseFormSetError<F>,
  outcome: Outcome<unknown, string, string>,
  order?: readonly Path<F>[],
): boolean {
  if (outcome.ok || outcome.fieldErrors === undefined) return false;
  const fieldErrors: Partial<Record<string, string>> = outcome.fieldErrors;
  const listed = Object.keys(fieldErrors) as Path<F>[];
  const fields = order
    ? [
        ...order.filter((field) => listed.includes(field)),
        ...listed.filter((field) => !order.includes(field)),
      ]
    : listed;
  let focused = false;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message === undefined) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  return focused;
}
