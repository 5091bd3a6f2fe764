import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from './cx';

const CONTROL =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-brand-600 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm';
// Important: the base ring colour (slate-300) comes later in the generated CSS and would otherwise win.
const INVALID = 'ring-red-400! focus:ring-red-600!';

interface FieldFrameProps {
  readonly id: string;
  readonly label: ReactNode;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly required?: boolean | undefined;
  readonly children: ReactNode;
  readonly className?: string | undefined;
}

function FieldFrame({ id, label, error, hint, required, children, className }: FieldFrameProps) {
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: ReactNode;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly containerClassName?: string;
}

/** A labelled input with its error message wired for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, containerClassName, required, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={containerClassName}
    >
      <input
        ref={ref}
        id={fieldId}
        className={cx(CONTROL, error && INVALID, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        aria-required={required || undefined}
        {...rest}
      />
    </FieldFrame>
  );
});

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  readonly label: ReactNode;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly containerClassName?: string;
}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, error, hint, id, className, containerClassName, required, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={containerClassName}
    >
      <textarea
        ref={ref}
        id={fieldId}
        className={cx(CONTROL, 'min-h-28', error && INVALID, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        aria-required={required || undefined}
        {...rest}
      />
    </FieldFrame>
  );
});

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly label: ReactNode;
  readonly error?: string | undefined;
  readonly containerClassName?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, id, className, containerClassName, children, required, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} required={required} className={containerClassName}>
      <select
        ref={ref}
        id={fieldId}
        // The height of a text input beside it (a select's own line box is 2px shorter).
        className={cx(CONTROL, 'h-11 pr-8 sm:h-10', error && INVALID, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
});

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  readonly label: ReactNode;
}

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, id, className, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={cx('flex items-start gap-3', className)}>
      <input
        ref={ref}
        id={fieldId}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-700"
        {...rest}
      />
      <label htmlFor={fieldId} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
});
