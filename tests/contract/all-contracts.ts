import { appConfigRepositoryContract } from './app-config-repository.contract';
import { authGatewayContract } from './auth-gateway.contract';
import type { HarnessFactory } from './harness';
import { repairRepositoryContract } from './repair-repository.contract';
import { storeRepositoryContract } from './store-repository.contract';
import { supportIssueRepositoryContract } from './support-issue-repository.contract';
import { userRepositoryContract } from './user-repository.contract';
import { walletLedgerContract } from './wallet-ledger.contract';

/** Every port's contract, for one backend. */
export function allContracts(makeHarness: HarnessFactory): void {
  authGatewayContract(makeHarness);
  userRepositoryContract(makeHarness);
  storeRepositoryContract(makeHarness);
  repairRepositoryContract(makeHarness);
  supportIssueRepositoryContract(makeHarness);
  walletLedgerContract(makeHarness);
  appConfigRepositoryContract(makeHarness);
}
