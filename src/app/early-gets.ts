/**
 * GETs the page will need, started by the first script before the app has loaded (issue 19): on a
 * tracking link of the production build, the link's document. Module evaluation of React and the UI
 * takes the main thread for a while on a slow phone; a GET started before it runs meanwhile. The REST
 * reader (src/app/containers/public-boot.ts) fetches through `earlyOrFetch`, which hands it the started GET once.
 */

const started = new Map<string, Promise<Response>>();

/** Starts a GET of each URL (as the REST reader asks: JSON, no credentials). */
export function startEarlyGets(urls: readonly string[]): void {
  for (const url of urls) {
    const response = fetch(url, { headers: { Accept: 'application/json' } });
    response.catch(() => undefined); // the reader sees the failure when it takes the GET
    started.set(url, response);
  }
}

/** `fetch`, answered by the GET started early for this URL when there is one (taken once). */
export function earlyOrFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const early = started.get(url);
  if (early === undefined) return fetch(input, init);
  started.delete(url);
  return early;
}
