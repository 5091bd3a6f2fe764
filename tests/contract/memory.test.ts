import { describe } from 'vitest';
import { createMemoryBackend } from '../../src/adapters/memory/memory-backend';
import { ManualClock } from '../../src/demo/manual-clock';
import { allContracts } from './all-contracts';
import { type HarnessFactory, oobCodeOf } from './harness';
import { photoStoreContract } from './photo-store.contract';
import { shopContracts } from './shop-contracts';
import { shopInvoicesContract } from './shop-invoices.contract';
import { shopReportsContract } from './shop-reports.contract';

describe('memory backend', () => {
  const makeHarness: HarnessFactory = async () => {
    const clock = new ManualClock(new Date());
    const backend = createMemoryBackend({ clock });
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
      async dispose() {},
    };
  };
  allContracts(makeHarness);
  shopContracts(makeHarness);
  shopReportsContract(makeHarness);
  photoStoreContract(makeHarness);
  shopInvoicesContract(makeHarness);
});
