/**
 * The job sheet's URL (`/shop/repairs/$id/print?paper=80mm&copy=shop`): which paper it is laid out
 * for and which copy it is. No imports: the router runs it in the first script.
 */

/** A5 (148 × 210 mm) or an 80 mm thermal roll. */
export const JOB_SHEET_PAPERS = ['a5', '80mm'] as const;
export type JobSheetPaper = (typeof JOB_SHEET_PAPERS)[number];

/**
 * The customer's copy prints the delivery code (the customer's proof of pick-up); the shop's copy,
 * which stays on the counter, does not. Neither ever prints the unlock code.
 */
export const JOB_SHEET_COPIES = ['customer', 'shop'] as const;
export type JobSheetCopy = (typeof JOB_SHEET_COPIES)[number];

export interface JobSheetSearch {
  /** Absent: A5. */
  readonly paper?: JobSheetPaper;
  /** Absent: the customer's copy. */
  readonly copy?: JobSheetCopy;
}

/** Reads `paper` and `copy`; anything else (or an unknown value) is left out, i.e. the default. */
export function parseJobSheetSearch(search: Record<string, unknown>): JobSheetSearch {
  const paper = JOB_SHEET_PAPERS.find((value) => value === search.paper);
  const copy = JOB_SHEET_COPIES.find((value) => value === search.copy);
  return { ...(paper && { paper }), ...(copy && { copy }) };
}
