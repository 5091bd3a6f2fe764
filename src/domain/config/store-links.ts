import type { Ports } from '../../ports';

/** Links of the app stores, from the Urls config document. Null when absent or not a web address. */
export interface StoreLinks {
  readonly android: string | null;
  readonly ios: string | null;
}

export const NO_STORE_LINKS: StoreLinks = { android: null, ios: null };

/** Only https links are used: a stored "javascript:" or other scheme is never rendered as a link. */
export function safeStoreLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function parseStoreLinks(raw: unknown): StoreLinks {
  const data = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return { android: safeStoreLink(data.android), ios: safeStoreLink(data.ios) };
}

/**
 * The store links; on any failure, none (the badges then stay dimmed and inert) and the cause logged.
 * The one use case that never fails: the landing page reads it as plain data.
 */
export async function loadStoreLinks(ports: Pick<Ports, 'config' | 'logger'>): Promise<StoreLinks> {
  try {
    return await ports.config.getStoreLinks();
  } catch (error) {
    ports.logger.warn('The store links could not be loaded', error);
    return NO_STORE_LINKS;
  }
}

/** The generic store sites the sign-up page's download box opens. */
export const GENERIC_STORE_SITES = {
  android: 'https://play.google.com/store',
  ios: 'https://www.apple.com/app-store/',
} as const;
