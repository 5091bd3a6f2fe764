import { forwardRef, type ReactNode } from 'react';
import type { Outcome } from '../../domain/shared/validation';
import { Alert, type AlertTone } from './alert';

export interface OutcomeAlertProps {
  /** A use case's outcome; nothing is shown for none, or for one without a message. */
  readonly outcome: Outcome<unknown, string, string> | null | undefined;
  /** Overrides the tone: by default a success reads as 'success', a failure as 'error'. */
  readonly tone?: AlertTone;
  /** More to say under the message (e.g. a link to try again). */
  readonly children?: ReactNode;
  readonly className?: string;
}

/**
 * The one way a screen shows what a use case answered: the outcome's message in an Alert (errors
 * announced at once, successes politely), and its details, when it has any, as a list under the message
 * as a title (the unmet password requirements). Field errors are the form's to show (applyFieldErrors).
 * The ref goes on a focusable box around the alert, for moving the focus to a success.
 */
export const OutcomeAlert = forwardRef<HTMLDivElement, OutcomeAlertProps>(function OutcomeAlert(
  { outcome, tone, children, className },
  ref,
) {
  if (!outcome?.message) return null;
  const shownTone = tone ?? (outcome.ok ? 'success' : 'error');
  const details = outcome.ok ? undefined : outcome.details;
  const alert =
    details && details.length > 0 ? (
      <Alert tone={shownTone} title={outcome.message} className={className}>
        <ul className="list-disc space-y-0.5 pl-5">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
        {children}
      </Alert>
    ) : (
      <Alert tone={shownTone} className={className}>
        {children ? (
          <>
            <p>{outcome.message}</p>
            {children}
          </>
        ) : (
          outcome.message
        )}
      </Alert>
    );
  if (ref === null) return alert;
  return (
    <div ref={ref} tabIndex={-1} className="rounded-lg focus:outline-none">
      {alert}
    </div>
  );
});
