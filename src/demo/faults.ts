/**
 * Test-only fault injection for the recharge of the local backends: each hook runs at a point of a
 * recharge between two writes. A hook that throws simulates a crash (a closed tab) at that point. The
 * product never sets these; the crash tests do.
 */
export interface RechargeFaults {
  /** After the commit point (the users document holds the new balance and the pending recharge). */
  afterRechargeCommit?(): void | Promise<void>;
  /** After the ledger document is written, before the pending recharge is cleared. */
  afterLedgerWrite?(): void | Promise<void>;
}
