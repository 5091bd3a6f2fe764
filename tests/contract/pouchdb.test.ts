import { describe } from 'vitest';
import { createPouchBackend } from '../../src/adapters/pouchdb/pouchdb-backend';
import { nodePouchDB } from '../../src/adapters/pouchdb/pouchdb-node';
import { ManualClock } from '../../src/demo/manual-clock';
import { allContracts } from './all-contracts';
import { type HarnessFactory, oobCodeOf } from './harness';
import { photoStoreContract } from './photo-store.contract';
import { shopContracts } from './shop-contracts';
import { shopInvoicesContract } from './shop-invoices.contract';
import { shopReportsContract } from './shop-reports.contract';

let sequence = 0;

describe('pouchdb backend', () => {
  const makeHarness: HarnessFactory = async () => {
    sequence += 1;
    const clock = new ManualClock(new Date());
    const backend = await createPouchBackend({
      PouchDB: nodePouchDB(),
      adapter: 'memory',
      // Fresh databases per test: the memory adapter keeps databases by name for the whole process.
      prefix: `contract-${process.pid}-${Date.now().toString(36)}-${sequence}`,
      clock,
      pbkdf2Iterations: 1000,
    });
    return {
      ports: backend.ports,
      seeder: backend.seeder,
      async lastResetCode(email) {
        const mail = (await backend.mailbox.list()).find(
          (message) => message.to.toLowerCase() === email.toLowerCase(),
        );
        return mail ? oobCodeOf(mail.link) : null;
      },
      async lastPhoneCode(phoneNumber) {
        return (await backend.sms.list()).find((message) => message.to === phoneNumber)?.code ?? null;
      },
      resetSpendsOtherCodes: true,
      advanceClock: (ms) => clock.advance(ms),
      dispose: () => backend.destroy(),
    };
  };
  allContracts(makeHarness);
  shopContracts(makeHarness);
  shopReportsContract(makeHarness);
  photoStoreContract(makeHarness);
  shopInvoicesContract(makeHarness);
});
