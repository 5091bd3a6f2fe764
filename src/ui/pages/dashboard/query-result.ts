/**
 * A use case answer as react-query data: a failure ({ ok: false, message }) becomes an error carrying
 * the catalogue message, so the query's error state shows it.
 */
export function unwrap<R extends { readonly ok: boolean }>(result: R): Extract<R, { readonly ok: true }> {
  if (!result.ok) throw new Error((result as { message?: string }).message);
  return result as Extract<R, { readonly ok: true }>;
}
