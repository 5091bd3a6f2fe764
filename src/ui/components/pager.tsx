import { useEffect, useRef } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

export interface PagerProps {
  /** 1-based. */
  readonly page: number;
  readonly pageCount: number;
  readonly pageSize: number;
  /** How many items match in all. */
  readonly total: number;
  /** The navigation landmark's name, e.g. 'Pages of business users'. */
  readonly label: string;
  /** 'Page X of Y'. */
  readonly pageLabel: (page: number, pageCount: number) => string;
  /** True while the next page loads (the current one stays on screen). */
  readonly updating: boolean;
  readonly onPage: (page: number) => void;
}

/** Prev / 'Page X of Y' / Next, with 'Showing a–b of n'. Focus stays on a usable button at either end. */
export function Pager({ page, pageCount, pageSize, total, label, pageLabel, updating, onPage }: PagerProps) {
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const nav = useRef<HTMLElement>(null);
  const lastUsed = useRef<'prev' | 'next' | null>(null);
  const go = (direction: 'prev' | 'next') => {
    lastUsed.current = direction;
    onPage(direction === 'next' ? page + 1 : page - 1);
  };

  // Reaching the first or last page disables the button just used: keep focus on the other one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page shown changes
  useEffect(() => {
    const used = lastUsed.current;
    const button = (name: string) => nav.current?.querySelector<HTMLButtonElement>(`[data-pager="${name}"]`);
    const current = used ? button(used) : null;
    if (!used || !current?.disabled) return;
    if (document.activeElement === current || document.activeElement === document.body)
      button(used === 'next' ? 'prev' : 'next')?.focus();
  }, [page, pageCount]);

  return (
    <nav
      ref={nav}
      aria-label={label}
      className="flex flex-col gap-3 border-t border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
    >
      <p className="flex items-center gap-2 text-sm text-slate-600">
        Showing {first}–{last} of {total}
        {updating && <Spinner className="size-4 text-slate-400" />}
      </p>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <Button
          variant="secondary"
          size="sm"
          data-pager="prev"
          disabled={page <= 1}
          onClick={() => go('prev')}
        >
          <span aria-hidden="true">←</span> Prev
        </Button>
        <span className="text-sm font-medium text-slate-700" aria-live="polite">
          {pageLabel(page, pageCount)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          data-pager="next"
          disabled={page >= pageCount}
          onClick={() => go('next')}
        >
          Next <span aria-hidden="true">→</span>
        </Button>
      </div>
    </nav>
  );
}
