/**
 * GST on a repair invoice, in paise (integers), pure (issue 18, "Invoices"; owner-console.md "Invoice").
 *
 * Rounding, stated once (every figure is a whole number of paise and the invoice adds up to the paisa):
 * - Tax-inclusive price (the default: a counter quotes ₹1,180 and the customer pays ₹1,180): the total is
 *   the price; the taxable value is total × 100 / (100 + rate) rounded half up to the paisa; the tax is
 *   total − taxable value (never computed separately, so nothing is lost or invented in rounding).
 * - Tax-exclusive price: the taxable value is the price; the tax is taxable × rate / 100 rounded half up
 *   to the paisa; the total is taxable value + tax.
 * - Intra-state: CGST and SGST are half the tax each; when the tax is an odd number of paise the odd
 *   paisa goes to CGST (CGST = ⌈tax / 2⌉, SGST = ⌊tax / 2⌋), so CGST + SGST = tax exactly.
 * - Inter-state: IGST is the whole tax.
 */

/**
 * The default SAC of a repair: 998716, "Maintenance and repair services of telecommunication equipment
 * and apparatus" (CBIC's scheme of classification of services, group 99871), because the desk's jobs are
 * mostly mobile phones, which are telecommunication apparatus. 998713 ("… of computers and peripheral
 * equipment") fits a laptop shop better; a store changes it in settings. (998714 in that scheme is
 * "… of transport machinery and equipment", not telecommunication equipment.)
 */
export const DEFAULT_REPAIR_SAC = '998716';

/** The rate GST charges on repair services unless the settings say otherwise. */
export const DEFAULT_GST_RATE_PERCENT = 18;

/** ₹1,000 crore in paise: far above any repair, and low enough that amount × 128 stays an exact integer. */
export const MAX_GST_AMOUNT_PAISE = 10_000_000_000_000;

/** The GST rate slabs the invoice accepts (percent). */
export const GST_RATES_PERCENT: readonly number[] = [0, 5, 12, 18, 28];

export type GstSupply = 'intra-state' | 'inter-state';

export interface GstInput {
  /** The price in paise, a non-negative integer. */
  readonly amountPaise: number;
  /** Whether the price already includes the tax (true unless said). */
  readonly taxInclusive?: boolean;
  /** The rate in percent, one of GST_RATES_PERCENT (18 unless said). */
  readonly ratePercent?: number;
  /** CGST + SGST within a state, IGST across states (intra-state unless said). */
  readonly supply?: GstSupply;
}

export interface GstBreakdown {
  readonly ratePercent: number;
  readonly supply: GstSupply;
  readonly taxablePaise: number;
  readonly cgstPaise: number;
  readonly sgstPaise: number;
  readonly igstPaise: number;
  readonly totalPaise: number;
}

/** a / b rounded half up, for non-negative integers a and positive b, without floating point. */
function divideRoundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * The GST breakdown of a price; throws on a negative, fractional or absurd amount or an unknown rate.
 * Twin: firestore.rules isGstOf (with roundHalfUp); compared by tests/app/twin-rules.test.ts.
 */
export function computeGst(input: GstInput): GstBreakdown {
  const { amountPaise } = input;
  const ratePercent = input.ratePercent ?? DEFAULT_GST_RATE_PERCENT;
  const supply = input.supply ?? 'intra-state';
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0 || amountPaise > MAX_GST_AMOUNT_PAISE) {
    throw new RangeError(`GST needs a whole number of paise from 0 to ₹1,000 crore, not ${amountPaise}`);
  }
  if (!GST_RATES_PERCENT.includes(ratePercent)) {
    throw new RangeError(
      `GST rate must be one of ${GST_RATES_PERCENT.join(', ')} percent, not ${ratePercent}`,
    );
  }
  let taxablePaise: number;
  let totalPaise: number;
  if (input.taxInclusive ?? true) {
    totalPaise = amountPaise;
    taxablePaise = divideRoundHalfUp(amountPaise * 100, 100 + ratePercent);
  } else {
    taxablePaise = amountPaise;
    totalPaise = amountPaise + divideRoundHalfUp(amountPaise * ratePercent, 100);
  }
  const tax = totalPaise - taxablePaise;
  const cgstPaise = supply === 'intra-state' ? Math.ceil(tax / 2) : 0;
  const sgstPaise = supply === 'intra-state' ? tax - cgstPaise : 0;
  const igstPaise = supply === 'inter-state' ? tax : 0;
  return { ratePercent, supply, taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise };
}

/** The state codes GST uses: 01 to 38 (38 is Ladakh), 97 (other territory) and 99 (Centre jurisdiction). */
export function isGstStateCode(code: string): boolean {
  const n = /^[0-9]{2}$/.test(code) ? Number(code) : 0;
  return (n >= 1 && n <= 38) || n === 97 || n === 99;
}

/**
 * The names of GST's state codes, as the GST portal lists them (a place of supply prints 'Maharashtra
 * (27)'). 25 and 28 are the codes of before the mergers and the division; they still appear in GSTINs.
 */
export const GST_STATE_NAMES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '99': 'Centre Jurisdiction',
};

/** The GST state code of a state's name as the 'State' choice writes it ('Maharashtra' → '27'), or ''. */
export function gstCodeOfState(name: string): string {
  const wanted = name.trim().toLowerCase();
  if (wanted === '') return '';
  if (wanted === 'andhra pradesh') return '37';
  for (const [code, state] of Object.entries(GST_STATE_NAMES))
    if (state.toLowerCase() === wanted) return code;
  return '';
}

/** The state code of a GSTIN or of a bare 2-digit code ('27AAPFS1234C1ZD' → '27'), or null. */
export function gstStateCode(gstinOrCode: string): string | null {
  const code = gstinOrCode.trim().slice(0, 2);
  return isGstStateCode(code) ? code : null;
}

/**
 * Intra- or inter-state: inter-state (IGST) when the customer's GSTIN (or state code) names another state
 * than the store's. A customer without a GSTIN (blank or unreadable) is a local sale at the counter, so
 * intra-state (the place of supply of a repair done at the shop is the shop's state).
 */
export function gstSupplyBetween(
  storeGstinOrCode: string,
  customerGstinOrCode: string | null | undefined,
): GstSupply {
  const store = gstStateCode(storeGstinOrCode);
  const customer = customerGstinOrCode ? gstStateCode(customerGstinOrCode) : null;
  return store !== null && customer !== null && store !== customer ? 'inter-state' : 'intra-state';
}
