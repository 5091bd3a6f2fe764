/**
 * The delivery codes of repairs this tab has just created. Staff never read a repair's delivery code
 * back (the backend hands it to the owner and the verified customer only), but the person who takes a
 * device in prints the customer's copy with it: the code comes in the create's answer and is kept
 * here, in this tab's memory only (gone on reload or sign-out), for the job sheet.
 */
const codes = new Map<string, string>();

/** Remembers the code of a repair the caller just created ('' is not remembered). */
export function rememberCreatedDeliveryCode(repairDocId: string, code: string): void {
  if (code !== '') codes.set(repairDocId, code);
}

/** The code of a repair this tab created, or ''. */
export function createdDeliveryCode(repairDocId: string): string {
  return codes.get(repairDocId) ?? '';
}

/** Forgets every remembered code (sign-out). */
export function forgetCreatedDeliveryCodes(): void {
  codes.clear();
}
