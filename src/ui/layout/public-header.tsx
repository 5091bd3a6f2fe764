import { Link } from '@tanstack/react-router';
import { useSettings } from '../app-services';
import { ButtonLink } from '../components/button';
import { Logo } from '../components/logo';
import { useSession } from '../session';

/** The header of public pages: support e-mail, Support, and Sign In (or the dashboard when signed in). */
export function PublicHeader() {
  const { supportEmail } = useSettings();
  const session = useSession();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-4 sm:gap-3 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="flex items-center sm:gap-3">
          <a
            href={`mailto:${supportEmail}`}
            className="hidden rounded-lg px-2 py-2 text-sm font-medium text-slate-600 hover:text-brand-700 md:inline"
          >
            {supportEmail}
          </a>
          <a
            href={`mailto:${supportEmail}`}
            title={supportEmail}
            // Signed in, a phone's header has room for Support and Dashboard only: the address is in the footer.
            className={`rounded-lg p-1.5 text-slate-600 hover:text-brand-700 sm:p-2 md:hidden ${session.status === 'signed-in' ? 'max-sm:hidden' : ''}`}
          >
            <svg
              className="size-5"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m3 7 9 6 9-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="sr-only">E-mail support: {supportEmail}</span>
          </a>
          <Link
            to="/support"
            className="rounded-lg px-1.5 py-2 text-sm font-semibold text-slate-700 hover:text-brand-700 sm:px-2"
          >
            Support
          </Link>
          {session.status === 'signed-in' ? (
            <ButtonLink to="/dashboard" size="sm" className="whitespace-nowrap">
              Dashboard
            </ButtonLink>
          ) : (
            <ButtonLink to="/signin" size="sm" className="whitespace-nowrap">
              Sign In
            </ButtonLink>
          )}
        </nav>
      </div>
    </header>
  );
}
