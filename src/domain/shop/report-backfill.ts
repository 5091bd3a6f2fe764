import { hasTypedProblem } from './problems';
import { parseShopRepair } from './repair-record';
import { reportFieldsAfterMove } from './report-fields';

/**
 * The report fields a stored repair lacks, as its writes would have stored them: for a delivered repair
 * its deliveredAt (ShopRepair.deliveredAt: else the timeline's last delivery), salePaise and
 * turnaroundMs to that time; otherProblem for a problem list naming one not in the common list. Only
 * fields the repair does not have (an empty object for one stored with them): the backfill of repairs
 * stored before them (migrations.ts 0003) and the Firestore emulator's seeds.
 */
export function missingReportFields(raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const missing: Record<string, unknown> = {};
  const repair = parseShopRepair('', raw);
  if (repair.status === 'delivered' && repair.deliveredAt !== null) {
    if (raw.deliveredAt === undefined) missing.deliveredAt = repair.deliveredAt;
    const sums = reportFieldsAfterMove('delivered', raw, repair.deliveredAt);
    if (raw.salePaise === undefined) missing.salePaise = sums.salePaise;
    if (raw.turnaroundMs === undefined) missing.turnaroundMs = sums.turnaroundMs;
  }
  if (raw.otherProblem === undefined && hasTypedProblem(raw.problemList)) missing.otherProblem = true;
  return missing;
}
