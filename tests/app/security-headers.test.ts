import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_HEADERS, securityHeaders } from '../../scripts/security-headers.mjs';

/** firebase.json (Firebase Hosting) serves production with the same headers the start scripts use. */
describe('security headers', () => {
  const firebase = JSON.parse(readFileSync(resolve(__dirname, '../../firebase.json'), 'utf8')) as {
    hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
  };

  it('are the production set on every path of Firebase Hosting', () => {
    const all = firebase.hosting.headers.find((rule) => rule.source === '**');
    expect(Object.fromEntries((all?.headers ?? []).map(({ key, value }) => [key, value]))).toEqual(
      PRODUCTION_HEADERS,
    );
  });

  it('allow no inline or eval’d script, no framing, and only the backends the page talks to', () => {
    for (const headers of [
      PRODUCTION_HEADERS,
      securityHeaders(),
      securityHeaders({ connect: ['http://127.0.0.1:5984'] }),
    ]) {
      const csp = headers['Content-Security-Policy'] ?? '';
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc).not.toMatch(/unsafe|data:|\*/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(headers['X-Content-Type-Options']).toBe('nosniff');
      expect(headers['X-Frame-Options']).toBe('DENY');
      expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    }
    expect(securityHeaders({ connect: ['http://127.0.0.1:5984'] })['Content-Security-Policy']).toContain(
      "connect-src 'self' http://127.0.0.1:5984;",
    );
    expect(securityHeaders()['Content-Security-Policy']).toContain("frame-src 'none'");
  });
});
