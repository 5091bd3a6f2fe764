import { paiseToRupees } from '../../domain/shop/amounts';
import { checkImeiSerial, DEVICE_TYPES, JOB_CARD_LIMITS } from '../../domain/shop/job-card';
import { hasTypedProblem } from '../../domain/shop/problems';
import { PortError } from '../../ports/errors';
import { MAX_DUES_PAGE_SIZE, MAX_SHOP_PAGE_SIZE, type ShopRepairPatch } from '../../ports/shop-repairs';

/**
 * The shop console's local rules on what a member sends (memory and PouchDB): a page size, an edit's
 * values (what the job card would accept), and how an edit maps onto the stored repairs document.
 */

export function checkShopLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_SHOP_PAGE_SIZE)
    throw new PortError('invalid-argument', `A page holds 1 to ${MAX_SHOP_PAGE_SIZE} repairs.`);
}

/** A page of the dues khata holds 1 to MAX_DUES_PAGE_SIZE repairs ('invalid-argument' otherwise). */
export function checkDuesLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_DUES_PAGE_SIZE)
    throw new PortError('invalid-argument', `A page of dues holds 1 to ${MAX_DUES_PAGE_SIZE} repairs.`);
}

const MAX_PAISE = 100_000_000;

/** The local rule on an edit's values: what the job card would accept ('invalid-argument'). */
export function checkShopPatch(patch: ShopRepairPatch): void {
  const bad = (field: string): never => {
    throw new PortError('invalid-argument', `This value of ${field} is not allowed.`);
  };
  const text = (field: keyof ShopRepairPatch, max: number, required = false) => {
    const value = patch[field];
    if (value === undefined) return;
    if (typeof value !== 'string' || value.length > max || (required && value.trim() === '')) bad(field);
  };
  text('customerName', JOB_CARD_LIMITS.customerName, true);
  text('productName', JOB_CARD_LIMITS.brandModel, true);
  text('otherAccessory', JOB_CARD_LIMITS.otherAccessory);
  text('conditionNotes', JOB_CARD_LIMITS.conditionNotes);
  text('unlockCode', JOB_CARD_LIMITS.unlockCode);
  if (patch.customerMobile !== undefined && !/^[6-9]\d{9}$/.test(patch.customerMobile)) bad('customerMobile');
  if (patch.productType !== undefined && !(DEVICE_TYPES as readonly string[]).includes(patch.productType))
    bad('productType');
  if (patch.imeiSerial !== undefined) {
    const checked = checkImeiSerial(patch.imeiSerial);
    if (!checked.ok || checked.value !== patch.imeiSerial) bad('imeiSerial');
  }
  if (
    patch.problemList !== undefined &&
    (patch.problemList.length === 0 ||
      patch.problemList.length > JOB_CARD_LIMITS.problems ||
      patch.problemList.some(
        (p) => typeof p !== 'string' || p.trim() === '' || p.length > JOB_CARD_LIMITS.problem,
      ))
  )
    bad('problemList');
  for (const field of ['estimatePaise', 'finalPaise'] as const) {
    const value = patch[field];
    if (
      value !== undefined &&
      value !== null &&
      (!Number.isSafeInteger(value) || value < 0 || value > MAX_PAISE)
    )
      bad(field);
  }
  if (
    patch.promisedDate !== undefined &&
    patch.promisedDate !== null &&
    !/^\d{4}-\d{2}-\d{2}$/.test(patch.promisedDate)
  )
    bad('promisedDate');
}

/**
 * The stored fields an edit sets (the spec's kept in step: customerNameLower, problems, estimatedCost,
 * amount in rupees; customerMobileBy the writer when the mobile number changes), on a copy of `raw`,
 * and the names of the fields it changed (for the history entry). The unlock code is named but not
 * written here: it lives apart from the repair.
 */
export function applyShopPatch(
  raw: Readonly<Record<string, unknown>>,
  patch: ShopRepairPatch,
  writerUid: string,
): { next: Record<string, unknown>; changed: string[] } {
  const next: Record<string, unknown> = { ...raw };
  const changed: string[] = [];
  const set = (field: string, value: unknown) => {
    if (value === undefined) delete next[field];
    else next[field] = value;
  };
  const plain: readonly (keyof ShopRepairPatch)[] = [
    'customerMobile',
    'productType',
    'productName',
    'imeiSerial',
    'otherAccessory',
    'conditionNotes',
    'promisedDate',
  ];
  for (const field of plain) {
    if (patch[field] === undefined) continue;
    set(field, patch[field]);
    changed.push(field);
  }
  // Whoever writes a customer's number is never that repair's customer (the customer read path).
  if (patch.customerMobile !== undefined && patch.customerMobile !== raw.customerMobile)
    set('customerMobileBy', writerUid);
  if (patch.customerName !== undefined) {
    set('customerName', patch.customerName.trim());
    set('customerNameLower', patch.customerName.trim().toLowerCase());
    changed.push('customerName');
  }
  if (patch.problemList !== undefined) {
    set('problemList', [...patch.problemList]);
    set('problems', patch.problemList.join(', '));
    // 'Other' of 'Top Problems' follows the list (report-fields.ts).
    set('otherProblem', hasTypedProblem(patch.problemList));
    changed.push('problemList');
  }
  if (patch.accessories !== undefined) {
    set('accessories', [...patch.accessories]);
    changed.push('accessories');
  }
  if (patch.estimatePaise !== undefined) {
    set('estimatePaise', patch.estimatePaise);
    set('estimatedCost', patch.estimatePaise === null ? undefined : paiseToRupees(patch.estimatePaise));
    changed.push('estimatePaise');
  }
  if (patch.finalPaise !== undefined) {
    set('amount', patch.finalPaise === null ? undefined : paiseToRupees(patch.finalPaise));
    changed.push('finalPaise');
  }
  if (patch.unlockCode !== undefined) changed.push('unlockCode');
  return { next, changed };
}
