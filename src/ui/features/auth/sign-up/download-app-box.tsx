import { GENERIC_STORE_SITES } from '../../../../domain/config/store-links';
import { useSettings } from '../../../app-services';
import { buttonClasses } from '../../../components/button';
import { NewTabNote } from '../../../components/new-tab-note';

/** For shop owners who landed here: the shop runs on the mobile app, not on this sign-up. */
export function DownloadAppBox() {
  const { productName } = useSettings();
  return (
    <section
      aria-labelledby="signup-download"
      className="flex flex-col gap-4 rounded-xl bg-brand-50 p-4 ring-1 ring-inset ring-brand-100 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <h2 id="signup-download" className="text-base font-semibold">
          Run a repair shop?
        </h2>
        <p className="mt-0.5 text-sm text-slate-700">
          Download the {productName} app to manage stores, repairs, khata and staff on the go.
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <a
          href={GENERIC_STORE_SITES.android}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'sm')}
        >
          <svg className="size-4" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d="M4 3.5v17a1 1 0 0 0 1.5.86l14.5-8.5a1 1 0 0 0 0-1.72L5.5 2.64A1 1 0 0 0 4 3.5z" />
          </svg>
          Google Play
          <NewTabNote />
        </a>
        <a
          href={GENERIC_STORE_SITES.ios}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('secondary', 'sm')}
        >
          <svg
            className="size-4"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <rect x="6" y="2" width="12" height="20" rx="2.5" />
            <path d="M11 18h2" strokeLinecap="round" />
          </svg>
          App Store
          <NewTabNote />
        </a>
      </div>
    </section>
  );
}
