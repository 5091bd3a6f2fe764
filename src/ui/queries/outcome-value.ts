import type { Outcome } from '../../domain/shared/validation';

/** A use case's failure inside a query: its catalogue message is the error the screen shows. */
export class OutcomeError extends Error {
  override readonly name = 'OutcomeError';
  constructor(
    message: string,
    readonly reason: string | undefined,
  ) {
    super(message);
  }
}

/** The value of an outcome, as React Query data; a failure becomes an OutcomeError with its message. */
export function outcomeValue<T>(outcome: Outcome<T, string, string>): T {
  if (outcome.ok) return outcome.value;
  throw new OutcomeError(outcome.message ?? '', outcome.reason);
}
