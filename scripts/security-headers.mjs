// The security headers every RepairMate page is served with: the demo server (scripts/start.mjs,
// scripts/start-firebase.mjs) and Firebase Hosting (firebase.json, checked against `production` by
// tests/app/security-headers.test.ts). docs/security.md explains each directive.

/** Google's reCAPTCHA, which Firebase phone verification needs in production. */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** Firebase Authentication, Cloud Firestore and Cloud Storage, as the web SDK reaches them. */
export const FIREBASE_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firestore.googleapis.com',
  // Cloud Storage for Firebase: the repairs' photos (upload, download URL, delete).
  'https://firebasestorage.googleapis.com',
];

/**
 * The headers, for a page whose scripts may also reach `connect` (origins: a sync server, the
 * emulators) and, with `recaptcha`, load Google's reCAPTCHA (Firebase phone verification).
 */
export function securityHeaders({ connect = [], recaptcha = false } = {}) {
  const directives = [
    ['default-src', ["'self'"]],
    // No inline script anywhere: the page is one module script and its chunks.
    ['script-src', ["'self'", ...(recaptcha ? RECAPTCHA_SCRIPTS : [])]],
    // Inline style elements: Radix's dialogs lock the page's scroll with a <style> element whose
    // content depends on the scrollbar's width (no fixed hash). Styles run no script.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Repair photos come from wherever the shop's app stored them (https only, as the domain shows);
    // blob: for the photos the page itself made (the job card's resized thumbnails, and the demo's
    // photos kept as PouchDB attachments, shown through object URLs).
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...connect]],
    ['frame-src', recaptcha ? RECAPTCHA_FRAMES : ["'none'"]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return {
    'Content-Security-Policy': directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=()',
  };
}

/** The production page on Firebase Hosting. */
export const PRODUCTION_HEADERS = securityHeaders({ connect: FIREBASE_CONNECT, recaptcha: true });

/** The origin of a URL (credentials and path dropped), for connect-src. */
export function originOf(url) {
  return new URL(url).origin;
}
