import type { ReactNode } from 'react';
import { cx } from './cx';

type Tone = 'green' | 'yellow' | 'blue' | 'slate' | 'red';

const TONES: Record<Tone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  blue: 'bg-brand-100 text-brand-800 ring-brand-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
};

export function Badge({
  tone = 'slate',
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
