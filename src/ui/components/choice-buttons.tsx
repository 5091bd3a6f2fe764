/*
 * A small set of pressed-or-not buttons under a legend ('Paper': 'A4' / 'A5' / '80 mm'; 'Copy'): one
 * choice among a few, each a button with aria-pressed, for the print screens (job sheet, invoice).
 */

export function ChoiceButtons<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
}: {
  readonly legend: string;
  readonly options: readonly T[];
  readonly labels: Readonly<Record<T, string>>;
  readonly value: T;
  readonly onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{legend}</legend>
      <div className="inline-flex rounded-lg ring-1 ring-slate-300">
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === value}
            onClick={() => onChange(option)}
            className={
              option === value
                ? 'h-10 bg-brand-700 px-4 text-sm font-semibold text-white first:rounded-l-lg last:rounded-r-lg'
                : 'h-10 bg-white px-4 text-sm font-semibold text-slate-700 first:rounded-l-lg last:rounded-r-lg hover:bg-slate-50'
            }
          >
            {labels[option]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
