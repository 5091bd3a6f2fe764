import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import { isDistributor, isSuperAdmin, type UserProfile } from '../users/user';
import { DEFAULT_ADMIN_NAME, WALLET_MESSAGES } from './messages';
import { parseRechargeAmount, RECENT_TRANSACTIONS_SHOWN, type RechargeTransaction } from './wallet';

type Failure = { readonly ok: false; readonly message: string };

/** Every distributor, for the recharge screen (super admin only). */
export async function loadDistributors(
  ports: Pick<Ports, 'users'>,
  viewer: UserProfile | null,
): Promise<{ readonly ok: true; readonly distributors: readonly UserProfile[] } | Failure> {
  if (!isSuperAdmin(viewer)) return { ok: false, message: WALLET_MESSAGES.accessDenied };
  try {
    return { ok: true, distributors: await ports.users.listByRole('distributor') };
  } catch {
    return { ok: false, message: WALLET_MESSAGES.distributorsFailed };
  }
}

/** The latest recharges of all distributors, newest first (super admin only). */
export async function loadRecentRecharges(
  ports: Pick<Ports, 'wallet'>,
  viewer: UserProfile | null,
): Promise<{ readonly ok: true; readonly transactions: readonly RechargeTransaction[] } | Failure> {
  if (!isSuperAdmin(viewer)) return { ok: false, message: WALLET_MESSAGES.accessDenied };
  try {
    return { ok: true, transactions: await ports.wallet.latest(RECENT_TRANSACTIONS_SHOWN) };
  } catch {
    return { ok: false, message: WALLET_MESSAGES.transactionsFailed };
  }
}

export interface RechargeCommand {
  readonly distributor: UserProfile | null;
  readonly amount: string | number;
  /** Generated once per confirmation by the caller; a retry of the same confirmation reuses it. */
  readonly idempotencyKey: string;
}

export type RechargeResult =
  | { readonly ok: true; readonly message: string; readonly transaction: RechargeTransaction }
  | Failure;

/** A super admin tops up a distributor's wallet. */
export async function rechargeDistributor(
  ports: Pick<Ports, 'wallet'>,
  admin: UserProfile | null,
  command: RechargeCommand,
): Promise<RechargeResult> {
  if (!isSuperAdmin(admin)) return { ok: false, message: WALLET_MESSAGES.accessDenied };
  const { distributor } = command;
  if (distributor === null) return { ok: false, message: WALLET_MESSAGES.chooseDistributor };
  const amount = parseRechargeAmount(command.amount);
  if (!amount.ok) return { ok: false, message: WALLET_MESSAGES.invalidAmount };
  try {
    const transaction = await ports.wallet.recharge({
      distributorId: distributor.uid,
      amount: amount.amount,
      idempotencyKey: command.idempotencyKey,
      admin: { id: admin.uid, name: admin.name.trim() || DEFAULT_ADMIN_NAME },
    });
    return {
      ok: true,
      transaction,
      message: WALLET_MESSAGES.rechargeSucceeded(
        transaction.amount,
        transaction.distributorName || distributor.name,
      ),
    };
  } catch (error) {
    if (isPortError(error, 'permission-denied')) return { ok: false, message: WALLET_MESSAGES.accessDenied };
    if (isPortError(error, 'not-found')) return { ok: false, message: WALLET_MESSAGES.distributorGone };
    if (isPortError(error, 'failed-precondition'))
      return { ok: false, message: WALLET_MESSAGES.notADistributor };
    return { ok: false, message: WALLET_MESSAGES.rechargeFailed };
  }
}

export interface DistributorWallet {
  readonly profile: UserProfile;
  readonly balance: number;
  readonly transactions: readonly RechargeTransaction[];
}

/** A distributor's own dashboard: fresh balance and the latest top-ups received. */
export async function loadDistributorWallet(
  ports: Pick<Ports, 'users' | 'wallet'>,
  viewer: UserProfile | null,
): Promise<{ readonly ok: true; readonly wallet: DistributorWallet } | Failure> {
  if (!isDistributor(viewer)) return { ok: false, message: WALLET_MESSAGES.accessDenied };
  try {
    const [profile, transactions] = await Promise.all([
      ports.users.get(viewer.uid),
      ports.wallet.latestFor(viewer.uid, RECENT_TRANSACTIONS_SHOWN),
    ]);
    const current = profile ?? viewer;
    return { ok: true, wallet: { profile: current, balance: current.walletBalance, transactions } };
  } catch {
    return { ok: false, message: WALLET_MESSAGES.walletFailed };
  }
}
