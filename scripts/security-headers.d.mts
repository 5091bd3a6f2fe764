/** Types of security-headers.mjs (a plain ES module, so that the start scripts run it without a build). */
export declare const FIREBASE_CONNECT: readonly string[];
export declare function securityHeaders(options?: {
  connect?: readonly string[];
  recaptcha?: boolean;
}): Record<string, string>;
export declare const PRODUCTION_HEADERS: Record<string, string>;
export declare function originOf(url: string): string;
