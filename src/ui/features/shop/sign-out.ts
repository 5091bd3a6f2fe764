import { forgetCreatedDeliveryCodes } from './job-card/created-delivery-codes';
import { forgetJobCardDrafts } from './job-card/job-card-draft-store';

/*
 * The shop's public sign-out step, the one thing of the shop the shell (src/ui/session.tsx) may call
 * besides its routes and queries (tests/architecture.test.ts says so): what the shop keeps on this
 * device for an account, forgotten when it signs out (a counter PC is shared by the staff).
 */

/** Forgets the account's job card drafts (this browser's storage) and the delivery codes shown after create. */
export function forgetShopDeviceData(uid: string): void {
  forgetJobCardDrafts(uid);
  forgetCreatedDeliveryCodes();
}
