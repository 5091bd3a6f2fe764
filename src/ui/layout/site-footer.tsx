import { Link } from '@tanstack/react-router';
import { useSettings } from '../app-services';
import { LogoMark } from '../components/logo';

/** Every page's footer: links to /terms, /privacy and /support. */
export function SiteFooter() {
  const { productName, supportEmail } = useSettings();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-2 text-sm text-slate-600">
          <LogoMark className="size-7" />
          <span>
            © {new Date().getFullYear()} {productName}. Made for repair shops across India.
          </span>
        </div>
        <nav
          aria-label="Footer"
          className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700"
        >
          <Link to="/terms" className="hover:text-brand-700">
            Terms &amp; Conditions
          </Link>
          <Link to="/privacy" className="hover:text-brand-700">
            Privacy Policy
          </Link>
          <Link to="/support" className="hover:text-brand-700">
            Support
          </Link>
          <a href={`mailto:${supportEmail}`} className="hover:text-brand-700">
            {supportEmail}
          </a>
        </nav>
      </div>
    </footer>
  );
}
