import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../../../components/cx';

/**
 * The status chips: one row that scrolls sideways on a phone, with a fade and an arrow at each edge
 * that has more chips beyond it (so 'Ready for Pickup' and the rest are not hidden without a hint);
 * wrapped into rows from 640 px.
 */
export function ChipRow({ children }: { children: ReactNode }) {
  const scroller = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = scroller.current;
    if (element === null) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setMore((previous) =>
      previous.before === before && previous.after === after ? previous : { before, after },
    );
  }, []);
  useLayoutEffect(() => {
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The counts arrive later and widen the chips; a phone turns: measure again.
    const observer = new ResizeObserver(measure);
    if (scroller.current) observer.observe(scroller.current);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, [measure]);
  return (
    <div className="relative -mx-4 sm:mx-0">
      <nav
        ref={scroller}
        aria-label="Repairs by status"
        onScroll={measure}
        className="overflow-x-auto px-4 sm:px-0"
      >
        <ul ref={list} className="flex gap-2 pb-1 sm:flex-wrap">
          {children}
        </ul>
      </nav>
      {more.before && <EdgeHint side="before" />}
      {more.after && <EdgeHint side="after" />}
    </div>
  );
}

/** The fade over the edge of the chip row that has more chips beyond it, with an arrow. */
function EdgeHint({ side }: { side: 'before' | 'after' }) {
  return (
    <div
      aria-hidden="true"
      data-more-chips={side}
      className={cx(
        'pointer-events-none absolute inset-y-0 flex w-14 items-center pb-1 sm:hidden',
        side === 'after'
          ? 'right-0 justify-end bg-gradient-to-l from-slate-50 via-slate-50/90 to-transparent pr-1'
          : 'left-0 justify-start bg-gradient-to-r from-slate-50 via-slate-50/90 to-transparent pl-1',
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 text-slate-500"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path
          d={side === 'after' ? 'm9 6 6 6-6 6' : 'm15 6-6 6 6 6'}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}

export function StatusChip({
  label,
  count,
  active,
  onClick,
}: {
  label: string;
  count: number | undefined;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cx(
        'inline-flex h-11 shrink-0 items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm font-semibold ring-1 ring-inset',
        active
          ? 'bg-brand-700 text-white ring-brand-700'
          : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
      )}
    >
      {label}
      {/* The count on the active (blue) chip: blue on white, 8.7:1 (white on a see-through white was 4.44:1). */}
      <span
        data-chip-count
        className={cx('rounded-full px-2 text-xs', active ? 'bg-white text-brand-800' : 'bg-slate-100')}
      >
        {count ?? '–'}
      </span>
    </button>
  );
}
