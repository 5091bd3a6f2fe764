import { ADMIN_MESSAGES } from '../../domain/admin/messages';
import { useSession } from '../session';
import { ButtonLink } from './button';

/** What a visitor without the right role sees on an admin page. */
export function AccessDenied() {
  const session = useSession();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
        <svg
          className="size-7"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      </div>
      {/* The alert wraps the heading, so the h1 stays a heading for assistive technology. */}
      <div role="alert">
        <h1 className="text-2xl font-bold">{ADMIN_MESSAGES.accessDenied}</h1>
      </div>
      <p className="text-slate-600">This page is for administrators only.</p>
      {session.status === 'signed-in' ? (
        <ButtonLink to="/dashboard" variant="secondary">
          Back to Dashboard
        </ButtonLink>
      ) : (
        <ButtonLink to="/signin">Sign In</ButtonLink>
      )}
    </div>
  );
}
