/**
 * Each route's screen module, loaded on demand. The router turns these into lazy route components, and
 * main.tsx asks for the current URL's screen before React has even started (preloadScreen), so the
 * screen's chunk downloads while the first script runs instead of after it.
 */
export const SCREENS = {
  '/': () => import('../features/public/landing/landing-page'),
  '/signin': () => import('../features/auth/sign-in-page'),
  '/signup': () => import('../features/auth/sign-up-page'),
  '/forgot-password': () => import('../features/auth/forgot-password-page'),
  '/reset-password': () => import('../features/auth/reset-password-page'),
  '/dashboard': () => import('../features/dashboard/dashboard-page'),
  '/shop': () => import('../features/shop/board/shop-board-page'),
  '/shop/repairs/new': () => import('../features/shop/job-card/new-repair-page'),
  '/shop/dues': () => import('../features/shop/dues/dues-page'),
  '/shop/setup': () => import('../features/shop/settings/setup-page'),
  '/shop/settings': () => import('../features/shop/settings/settings-page'),
  '/shop/reports': () => import('../features/shop/reports/reports-page'),
  '/shop/repairs/$id': () => import('../features/shop/repair/repair-page'),
  '/shop/repairs/$id/print': () => import('../features/shop/job-sheet/job-sheet-page'),
  '/shop/repairs/$id/invoice': () => import('../features/shop/invoice/invoice-page'),
  '/terms': () => import('../features/public/legal/terms-page'),
  '/privacy': () => import('../features/public/legal/privacy-page'),
  '/support': () => import('../features/support/support-page'),
  '/support-admin': () => import('../features/support/support-admin-page'),
  '/distributor-recharge': () => import('../features/wallet/distributor-recharge-page'),
  '/demo/mailbox': () => import('../features/demo/mailbox-page'),
  '/demo/messages': () => import('../features/demo/messages-page'),
  '/t/$token': () => import('../features/tracker/tracking-page'),
  '/t/$token/invoice': () => import('../features/tracker/tracking-invoice-page'),
} as const;

export type ScreenPath = keyof typeof SCREENS;

/** The screen path of a URL path: itself, or the route with a parameter it matches ('/t/abc' → '/t/$token'). */
export function screenPathOf(pathname: string): ScreenPath | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (Object.hasOwn(SCREENS, path)) return path as ScreenPath;
  const pattern = (Object.keys(SCREENS) as ScreenPath[]).find(
    (key) => key.includes('$') && new RegExp(`^${key.replace(/\$[^/]+/g, '[^/]+')}$`).test(path),
  );
  return pattern ?? null;
}

/** Starts downloading the screen of `pathname` (a trailing slash is ignored); unknown paths do nothing. */
export function preloadScreen(pathname: string): void {
  const path = screenPathOf(pathname);
  if (path !== null) void SCREENS[path]().catch(() => undefined);
}

/** The chunks a page may need besides the screens: the demo bar (and its dialog), the QR code. */
const EXTRAS = [() => import('../features/demo/demo-bar'), () => import('qrcode.react')] as const;

/**
 * Downloads every screen and the extras, once the page is idle after its first paint: the offline demo
 * (and Firestore's offline cache) must still open any page after the network drops, and a later click
 * finds its screen ready. Resolves true when all have arrived; failures are not fatal (the router asks
 * again when a screen is needed).
 */
export async function preloadAllScreens(): Promise<boolean> {
  const loads = [...Object.values(SCREENS), ...EXTRAS].map((load) => load());
  const results = await Promise.allSettled(loads);
  return results.every((result) => result.status === 'fulfilled');
}
