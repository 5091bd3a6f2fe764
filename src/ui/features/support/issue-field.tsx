import { forwardRef, useId } from 'react';
import { MAX_ISSUE_LENGTH } from '../../../domain/support/support-issue';
import { cx } from '../../components/cx';
import { TextArea, type TextAreaProps } from '../../components/fields';

export const ISSUE_LABEL = 'Issue / Feedback';

/** The 'Issue / Feedback' text area with a live character count (of MAX_ISSUE_LENGTH). */
export const IssueField = forwardRef<
  HTMLTextAreaElement,
  Omit<TextAreaProps, 'label'> & { readonly length: number }
>(function IssueField({ length, id, error, ...rest }, ref) {
  const generated = useId();
  const fieldId = id ?? generated;
  const countId = `${fieldId}-count`;
  const over = length > MAX_ISSUE_LENGTH;
  return (
    <div>
      <TextArea
        ref={ref}
        id={fieldId}
        label={ISSUE_LABEL}
        error={error}
        rows={5}
        aria-describedby={cx(error && `${fieldId}-error`, countId)}
        {...rest}
      />
      <p
        id={countId}
        className={cx(
          'mt-1 text-right text-xs tabular-nums',
          over ? 'font-semibold text-red-700' : 'text-slate-500',
        )}
      >
        {length.toLocaleString('en-IN')} / {MAX_ISSUE_LENGTH.toLocaleString('en-IN')} characters
      </p>
    </div>
  );
});
