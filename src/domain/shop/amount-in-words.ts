/**
 * An invoice's amount in words, in Indian English (issue 18, "Invoices"): paise in, a line like
 * 'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise only' out.
 *
 * Style, chosen once: every word capitalised; tens and units joined by a hyphen ('Thirty-Four'); no
 * 'and' inside the rupees ('One Hundred One'), only before the paise; Indian grouping (thousand, lakh,
 * crore; above 99 crore the crores are counted in words again: 'One Hundred Crore'); 'Rupees' even for
 * one rupee and for zero ('Rupees One only', 'Rupees Zero only'), as Indian bills print it; 'Paisa' for
 * one paisa, 'Paise' otherwise; no paise part when the paise are zero.
 */

const UNITS = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'] as const;

/** 1–99 in words ('Thirty-Four'). */
function belowHundred(n: number): string {
  if (n < 20) return UNITS[n] as string;
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)]}${unit === 0 ? '' : `-${UNITS[unit]}`}`;
}

/** 1–999 in words ('Five Hundred Sixty-Seven'). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(`${UNITS[hundreds]} Hundred`);
  if (rest > 0) words.push(belowHundred(rest));
  return words.join(' ');
}

/** A positive whole number in Indian words: crore, lakh, thousand, then the last three digits. */
function indianWords(n: number): string {
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  const words: string[] = [];
  if (crore > 0) words.push(`${indianWords(crore)} Crore`);
  if (lakh > 0) words.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) words.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) words.push(belowThousand(rest));
  return words.join(' ');
}

/** The amount in words; throws on a negative or fractional number of paise. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`An amount in words needs a whole, non-negative number of paise, not ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const rupeeWords = rupees === 0 ? 'Zero' : indianWords(rupees);
  const paiseWords = rest === 0 ? '' : ` and ${belowHundred(rest)} ${rest === 1 ? 'Paisa' : 'Paise'}`;
  return `Rupees ${rupeeWords}${paiseWords} only`;
}
