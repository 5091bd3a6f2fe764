import type { Ports } from '../../ports';
import { isPortError } from '../../ports/errors';
import type { ShopMembership } from '../../ports/shop-membership';
import { done, failed, invalid, type Outcome } from '../shared/validation';
import { prefixFromStoreName } from './repair-id';
import type { StoreSettings } from './settings';
import { type ShopFailureReason, shopPortFailure } from './shop-failures';
import {
  checkStoreDetails,
  checkStoreSettings,
  mayOpenStore,
  STORE_SETUP_MESSAGES,
  type StoreDetailsField,
  type StoreDetailsInput,
  type StoreSettingsField,
  type StoreSettingsInput,
} from './store-setup';

/**
 * 'Set Up Your Shop' and 'Settings' (../shared/spec/owner-console.md, Part 2): what the screens ask the
 * backend, and the refusals as messages. The fields are checked here first (each message under its
 * field); every backend checks them again (ports/shop-membership.ts createStore, saveSettings).
 */

type SetupPorts = Pick<Ports, 'shopMembers' | 'logger'>;

/** What the setup form needs to know before it opens. */
export interface SetupScreen {
  /** False for accounts that may not open a store (distributors, super admins, the apps' staff). */
  readonly mayOpen: boolean;
  /** The prefixes of the stores the account owns already (a new one must differ). */
  readonly takenPrefixes: readonly string[];
  /** How many stores it owns ('Add Store' when it owns one). */
  readonly ownedStores: number;
}

/** The prefix a store numbers its repairs with, as its settings and name give it. */
export function storePrefix(settings: Pick<StoreSettings, 'repairIdPrefix'>, storeName: string): string {
  return settings.repairIdPrefix !== '' ? settings.repairIdPrefix : prefixFromStoreName(storeName);
}

/** The setup form's facts, for an account of `role`. */
export async function loadSetupScreen(
  ports: SetupPorts,
  role: string | null | undefined,
): Promise<Outcome<SetupScreen, never, ShopFailureReason>> {
  try {
    const owned = (await ports.shopMembers.myStores()).filter((store) => store.role === 'owner');
    const takenPrefixes = await Promise.all(
      owned.map(async (store) =>
        storePrefix(await ports.shopMembers.settings(store.storeId), store.storeName),
      ),
    );
    return done({ mayOpen: mayOpenStore(role, owned.length), takenPrefixes, ownedStores: owned.length });
  } catch (error) {
    return shopPortFailure(ports, 'Loading the setup form', error, STORE_SETUP_MESSAGES.loadFailed);
  }
}

/** 'Create Store': the fields checked, then the store opened; its membership, to open its board. */
export async function createStore(
  ports: SetupPorts,
  input: StoreDetailsInput,
  takenPrefixes: readonly string[],
): Promise<Outcome<ShopMembership, StoreDetailsField, ShopFailureReason>> {
  const checked = checkStoreDetails(input, takenPrefixes);
  if (!checked.ok) return invalid(checked.fieldErrors);
  try {
    const store = await ports.shopMembers.createStore(checked.value);
    return done(store, STORE_SETUP_MESSAGES.created(store.storeName));
  } catch (error) {
    if (isPortError(error, 'conflict')) return invalid({ repairIdPrefix: STORE_SETUP_MESSAGES.prefixTaken });
    if (isPortError(error, 'permission-denied'))
      return failed(STORE_SETUP_MESSAGES.notAllowed, 'not-permitted');
    if (isPortError(error, 'invalid-argument') || isPortError(error, 'failed-precondition'))
      return failed(error.message, 'failed');
    return shopPortFailure(ports, 'Creating a store', error, STORE_SETUP_MESSAGES.createFailed);
  }
}

/** What the settings screen shows of one store. */
export interface SettingsScreen {
  readonly store: ShopMembership;
  readonly settings: StoreSettings;
  /** The store's Repair ID prefix (fixed: shown, never changed). */
  readonly prefix: string;
}

/** One owned store's settings; staff and others are refused. */
export async function loadSettingsScreen(
  ports: SetupPorts,
  storeId: string,
): Promise<Outcome<SettingsScreen, never, ShopFailureReason>> {
  try {
    const store = await ports.shopMembers.roleIn(storeId);
    if (store === null || store.role !== 'owner')
      return failed(STORE_SETUP_MESSAGES.ownerOnly, 'not-permitted');
    const settings = await ports.shopMembers.settings(storeId);
    return done({ store, settings, prefix: storePrefix(settings, store.storeName) });
  } catch (error) {
    return shopPortFailure(
      ports,
      `Loading the settings of store ${storeId}`,
      error,
      STORE_SETUP_MESSAGES.loadFailed,
    );
  }
}

/** 'Save Settings': the fields checked, then saved by the backend (its owner only). */
export async function saveStoreSettings(
  ports: SetupPorts,
  storeId: string,
  input: StoreSettingsInput,
): Promise<Outcome<StoreSettings, StoreSettingsField, ShopFailureReason>> {
  const checked = checkStoreSettings(input);
  if (!checked.ok) return invalid(checked.fieldErrors);
  try {
    return done(await ports.shopMembers.saveSettings(storeId, checked.value), STORE_SETUP_MESSAGES.saved);
  } catch (error) {
    if (isPortError(error, 'permission-denied'))
      return failed(STORE_SETUP_MESSAGES.ownerOnly, 'not-permitted');
    if (isPortError(error, 'invalid-argument')) return failed(error.message, 'failed');
    return shopPortFailure(
      ports,
      `Saving the settings of store ${storeId}`,
      error,
      STORE_SETUP_MESSAGES.saveFailed,
    );
  }
}
