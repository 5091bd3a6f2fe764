import { formatRupees } from '../shared/money';

/** User-facing texts of wallets and recharges, word for word from the spec's catalogue. */
export const WALLET_MESSAGES = {
  invalidAmount: 'Please enter a valid amount',
  rechargeFailed: 'Error recharging wallet. Please try again.',
  distributorsFailed: 'Error fetching distributors',
  noTransactions: 'No recharge transactions yet',
  accessDenied: 'Access denied.',
  rechargeSucceeded: (amount: number, name: string) =>
    `Successfully recharged ${formatRupees(amount)} to ${name}`,
  // Ours, for cases the spec leaves silent.
  chooseDistributor: 'Please choose a distributor.',
  notADistributor: 'This account is not a distributor.',
  distributorGone: 'This distributor no longer exists.',
  transactionsFailed: 'Failed to load recharge transactions.',
  walletFailed: 'Failed to load your wallet. Please try again.',
} as const;

/** Stored on every recharge transaction. */
export const RECHARGE_DESCRIPTION = 'Wallet recharge by admin';
/** The admin name recorded when the admin's profile has no name. */
export const DEFAULT_ADMIN_NAME = 'Admin';
