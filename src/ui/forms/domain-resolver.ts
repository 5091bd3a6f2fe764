import type { FieldValues, FieldErrors as FormErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { validateWith } from '../../domain/shared/validation';

/**
 * A react-hook-form resolver running a domain schema, so that the form shows the very messages the use
 * case would return. The values go on as typed; the use case validates (and trims) them again. Every
 * form of the app uses it (support, support edit, sign-up, recharge).
 */
export function domainResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return async (values) => {
    const checked = validateWith<unknown, string>(schema, values);
    if (checked.ok) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(checked.fieldErrors)) {
      if (message !== undefined) errors[field] = { type: 'validate', message };
    }
    return { values: {}, errors: errors as FormErrors<T> };
  };
}
