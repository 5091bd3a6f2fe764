import { Link } from '@tanstack/react-router';
import { useSettings } from '../app-services';

export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 48" aria-hidden="true">
      <rect width="48" height="48" rx="12" fill="#1e40af" />
      <path
        d="M15 31l9-9m0 0a6 6 0 108.5-8.5L29 17l-2-2 3.5-3.5A6 6 0 0024 22z"
        stroke="#fff"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The product's mark and name, linking home. */
export function Logo({ to = '/' }: { to?: '/' | '/dashboard' }) {
  const { productName } = useSettings();
  return (
    <Link
      to={to}
      className="flex shrink-0 items-center gap-2 rounded-lg text-base font-bold tracking-tight text-slate-900 sm:text-lg"
    >
      <LogoMark className="size-8 sm:size-9" />
      <span>{productName}</span>
    </Link>
  );
}
