/**
 * Phone numbers are compared after normalising: spaces, dashes, dots and brackets are removed, then
 * an Indian prefix (+91, 0091, or 91 before ten digits) or a single leading 0 is dropped.
 * firestore.rules repeats this normalisation (function normalisedPhone) to compare a repair's
 * customerMobile with the verified number of the ID token.
 */
export function normalisePhone(raw: string): string {
  let digits = raw.replace(/[\s\-.()]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.startsWith('0091')) digits = digits.slice(4);
  else if (/^91\d{10}$/.test(digits)) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/** True when both numbers are present and equal after normalising. Two blanks never match. */
export function phonesMatch(a: string, b: string): boolean {
  const left = normalisePhone(a);
  return left !== '' && left === normalisePhone(b);
}

/** A plausible phone number: after normalising, 7 to 15 digits with an optional leading +. */
export function isPlausiblePhone(raw: string): boolean {
  return /^\+?\d{7,15}$/.test(normalisePhone(raw));
}

/**
 * An Indian mobile number as its ten digits (first digit 6 to 9), accepting +91, 0091, 91, 0, spaces,
 * dashes, dots and brackets; null when it is not one.
 */
export function indianMobileDigits(raw: string): string | null {
  const digits = normalisePhone(raw.trim());
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** An Indian mobile number in E.164 (+91XXXXXXXXXX), the form the authentication provider verifies; or null. */
export function indianMobileE164(raw: string): string | null {
  const digits = indianMobileDigits(raw);
  return digits === null ? null : `+91${digits}`;
}

/** +919876543210 → "+91 98765 43210"; anything else as it is. */
export function formatIndianMobile(e164: string): string {
  const digits = indianMobileDigits(e164);
  return digits === null ? e164 : `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/**
 * The ways a mobile number is commonly written in stored records (with or without +91, 0 or 91,
 * spaced or dashed, or as a number), for a database that can only look up values as stored. Every one
 * normalises to the same number; at most 30 (Firestore's `in` limit).
 */
export function storedFormsOf(e164: string): (string | number)[] {
  const digits = indianMobileDigits(e164);
  if (digits === null) return [e164];
  const [head, tail] = [digits.slice(0, 5), digits.slice(5)];
  const spaced = `${head} ${tail}`;
  const dashed = `${head}-${tail}`;
  const forms = [digits, spaced, dashed];
  const prefixed = ['0', '91', '+91', '+91 ', '+91-', '0091', '0091 '].flatMap((prefix) =>
    forms.map((form) => `${prefix}${form}`),
  );
  return [...new Set<string | number>([...forms, ...prefixed, Number(digits)])].slice(0, 30);
}
