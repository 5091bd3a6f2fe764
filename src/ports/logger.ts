/**
 * Where the app reports what went wrong behind a message the person sees: the message says what to
 * do, the log keeps the cause (the backend's error, its stack). The demo and production write to the
 * browser console; tests keep the entries in memory to assert on them.
 */
export interface Logger {
  /** A failure the person was told about (a use case's 'failed' outcome, a swallowed error). */
  error(message: string, cause?: unknown): void;
  /** Something that did not stop the person but should not happen (a best-effort step that failed). */
  warn(message: string, cause?: unknown): void;
  info(message: string, details?: unknown): void;
}
