/*
 * The problems a repair names: the counter's common choices, and whether a list names one of its own.
 * No schema library: the demo data set (which a fresh demo phone builds to answer a tracking link)
 * and the report fields use them without zod (issue 19).
 */

/** The common problems offered as choices at an Indian phone-repair counter (stored as written here). */
export const COMMON_PROBLEMS = [
  'Screen broken',
  'Display not working',
  'Touch not working',
  'Battery problem',
  'Charging problem',
  'Not switching on',
  'Water damage',
  'Speaker / mic problem',
  'Camera problem',
  'Network / SIM problem',
  'Software / hanging',
  'Buttons not working',
  'Back panel broken',
] as const;

const COMMON_PROBLEM_SET: ReadonlySet<string> = new Set(COMMON_PROBLEMS);

/**
 * Whether a stored problem list names a problem not in COMMON_PROBLEMS (exactly as stored): the
 * repair's stored `otherProblem`, 'Other' of the reports' 'Top Problems' (report-fields.ts).
 */
export function hasTypedProblem(problemList: unknown): boolean {
  return (
    Array.isArray(problemList) && problemList.some((problem) => !COMMON_PROBLEM_SET.has(String(problem)))
  );
}
