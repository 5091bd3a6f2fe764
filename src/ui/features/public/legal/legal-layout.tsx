import { Link } from '@tanstack/react-router';
import { type ReactNode, useId } from 'react';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { PublicPage } from '../../../layout/public-page';

export interface LegalSection {
  /** The anchor of the section, e.g. 'acceptance' (→ /terms#acceptance). */
  readonly id: string;
  /** The title without its number; the layout numbers the sections. */
  readonly title: string;
  readonly body: ReactNode;
}

/** When the legal texts last changed (shared by /terms and /privacy). */
export const LEGAL_LAST_UPDATED = { iso: '2026-11-01', label: '1 November 2026' } as const;

/** A paragraph of legal prose. */
export function P({ children }: { children: ReactNode }) {
  return <p className="mt-3 leading-7 text-slate-700">{children}</p>;
}

/** A bulleted list of legal prose. */
export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="mt-3 list-disc space-y-2 pl-5 leading-7 text-slate-700 marker:text-brand-600">
      {items.map((item, index) => (
        // The lists are static copy: their order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content.
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export const legalLinkClass =
  'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * The frame of a legal document: title, last-updated date, an "On this page" table of contents, and
 * numbered sections (each an h2 with an anchor).
 */
export function LegalLayout({
  title,
  summary,
  sections,
  related,
}: {
  title: string;
  summary: ReactNode;
  sections: readonly LegalSection[];
  related: { to: '/terms' | '/privacy'; label: string };
}) {
  useDocumentTitle(title);
  const tocId = useId();
  return (
    <PublicPage>
      <div className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-8 sm:px-6 sm:pt-14">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Legal</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            Last updated: <time dateTime={LEGAL_LAST_UPDATED.iso}>{LEGAL_LAST_UPDATED.label}</time>
          </p>
          <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{summary}</p>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <nav
          aria-labelledby={tocId}
          className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24 lg:mt-8 lg:self-start"
        >
          <p id={tocId} className="text-sm font-semibold uppercase tracking-wider text-slate-500">
            On this page
          </p>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="block rounded-md px-2 py-1.5 text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="mt-8 min-w-0 max-w-3xl rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <div className="space-y-10">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="scroll-mt-24"
              >
                <h2 id={`${section.id}-title`} className="text-xl font-semibold sm:text-2xl">
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
          <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600">
            See also our{' '}
            <Link to={related.to} className={legalLinkClass}>
              {related.label}
            </Link>
            .
          </p>
        </article>
      </div>
    </PublicPage>
  );
}
