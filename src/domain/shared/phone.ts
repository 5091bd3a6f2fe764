/**
 * Phone numbers are compared after normalising: spaces, dashes, dots and brackets are removed, then
 * an Indian prefix (+91, 0091, or 91 before ten digits) or a single leading 0 is dropped.
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
