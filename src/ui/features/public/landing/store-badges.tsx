import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import type { StoreLinks } from '../../../../domain/config/store-links';
import { useServiceSource } from '../../../app-services';
import { cx } from '../../../components/cx';
import { configQueries } from '../queries';

/** The QR code library arrives with the store links, after the first paint. */
const QRCodeSVG = lazy(() => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

type Store = keyof StoreLinks;

/** The accessible name of a badge is its visible text: 'Get it on Google Play', 'Download on the App Store'. */
const BADGES: Record<Store, { kicker: string; name: string }> = {
  android: { kicker: 'Get it on', name: 'Google Play' },
  ios: { kicker: 'Download on the', name: 'App Store' },
};

function GooglePlayMark() {
  return (
    <svg className="size-6 shrink-0" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3.6 2.2 13.4 12l-9.8 9.8c-.3-.2-.5-.6-.5-1.1V3.3c0-.5.2-.9.5-1.1z" fill="#4285F4" />
      <path d="M16.8 8.6 13.4 12 3.6 2.2c.3-.2.8-.2 1.2 0l12 6.4z" fill="#34A853" />
      <path d="M16.8 15.4 4.8 21.8c-.4.2-.9.2-1.2 0l9.8-9.8 3.4 3.4z" fill="#EA4335" />
      <path d="m16.8 8.6 3.6 1.9c1.1.6 1.1 2.4 0 3l-3.6 1.9-3.4-3.4 3.4-3.4z" fill="#FBBC04" />
    </svg>
  );
}

function AppleMark() {
  return (
    <svg className="size-6 shrink-0" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M16.5 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.9-3-.9-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.7zM14.2 5.8c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.9 1 .1 2.1-.5 2.7-1.3z" />
    </svg>
  );
}

const BADGE_CLASSES =
  'inline-flex h-13 min-w-40 items-center gap-2.5 rounded-xl bg-slate-950 px-3.5 text-left text-white ring-1 ring-slate-700';

/**
 * One store badge, drawn in HTML/SVG. A real link (new tab) once its URL is known; until then, and when
 * the URL is missing, a dimmed and inert placeholder that still has a name.
 */
function StoreBadge({
  store,
  href,
  newTabHintId,
}: {
  store: Store;
  href: string | null;
  newTabHintId: string;
}) {
  const badge = BADGES[store];
  const body = (
    <>
      {store === 'android' ? <GooglePlayMark /> : <AppleMark />}
      <span className="flex flex-col leading-tight">
        <span className="text-[0.65rem] font-medium uppercase tracking-wide text-slate-300">
          {badge.kicker}
        </span>{' '}
        <span className="text-[1.0625rem] font-semibold">{badge.name}</span>
      </span>
    </>
  );
  if (href) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={newTabHintId}
        className={cx(BADGE_CLASSES, 'shadow-sm transition hover:bg-slate-800 hover:shadow-md')}
      >
        {body}
      </a>
    );
  }
  return (
    // An inert placeholder: named and announced as a disabled link, but deliberately not focusable.
    // biome-ignore lint/a11y/useFocusableInteractive: a disabled link is taken out of the tab order.
    // biome-ignore lint/a11y/useSemanticElements: an <a> without href has no link role to disable.
    <span
      role="link"
      aria-disabled="true"
      className={cx(BADGE_CLASSES, 'cursor-not-allowed opacity-45 grayscale')}
    >
      {body}
    </span>
  );
}

/**
 * The Google Play and App Store badges, with a QR code of the Android link on wide screens. Until the
 * store links of the Urls config document have arrived, the badges are there, dimmed and inert.
 */
export function StoreBadges({ withQrCode = false }: { withQrCode?: boolean }) {
  return (
    <Suspense fallback={<Badges links={null} withQrCode={false} />}>
      <LoadedBadges withQrCode={withQrCode} />
    </Suspense>
  );
}

function LoadedBadges({ withQrCode }: { withQrCode: boolean }) {
  const source = useServiceSource();
  const { data: links } = useSuspenseQuery(configQueries.storeLinks(source));
  return <Badges links={links} withQrCode={withQrCode} />;
}

/** The badges of the links read (`null` while they load). */
function Badges({ links, withQrCode }: { links: StoreLinks | null; withQrCode: boolean }) {
  const newTabHintId = useId();
  const android = links?.android ?? null;
  const ios = links?.ios ?? null;
  const missing = links !== null && (android === null || ios === null);
  return (
    <div className="flex items-center gap-6">
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap gap-3" aria-busy={links === null || undefined}>
          <StoreBadge store="android" href={android} newTabHintId={newTabHintId} />
          <StoreBadge store="ios" href={ios} newTabHintId={newTabHintId} />
        </div>
        <span id={newTabHintId} className="sr-only">
          Opens in a new tab
        </span>
        {missing && (
          <p className="text-sm text-slate-600">
            {android === null && ios === null
              ? 'The app store links are not available right now. You can still sign up for web access.'
              : `The ${android === null ? 'Google Play' : 'App Store'} link is not available yet.`}
          </p>
        )}
      </div>
      {withQrCode && android && (
        <figure className="hidden shrink-0 flex-col items-center gap-2 lg:flex">
          <div className="rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
            <Suspense fallback={<div className="size-22" />}>
              <QRCodeSVG
                value={android}
                size={88}
                marginSize={0}
                fgColor="#0f172a"
                role="img"
                aria-label="QR code of the Google Play link"
              />
            </Suspense>
          </div>
          <figcaption className="w-28 text-center text-xs font-medium text-slate-600">
            Scan to get the Android app
          </figcaption>
        </figure>
      )}
    </div>
  );
}
