import type { ReactNode } from 'react';
import { cx } from '../../../components/cx';

/** The eyebrow, h2 and introduction every landing section opens with. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
  tone = 'light',
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
}) {
  return (
    <div className={cx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p
        className={cx(
          'text-sm font-semibold uppercase tracking-wider',
          tone === 'dark' ? 'text-brand-200' : 'text-brand-700',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cx(
          'mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl',
          tone === 'dark' && 'text-white',
        )}
      >
        {title}
      </h2>
      {children && (
        <p className={cx('mt-4 text-lg', tone === 'dark' ? 'text-brand-100' : 'text-slate-600')}>
          {children}
        </p>
      )}
    </div>
  );
}
