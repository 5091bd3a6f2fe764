import type { BackendHarness } from './harness';
import { PASSWORD } from './harness';

export interface Cast {
  readonly admin: string;
  readonly customer: string;
  readonly distributor: string;
  readonly otherDistributor: string;
  readonly staff: string;
}

/** Seeds one account of each kind (with users documents), all with PASSWORD. */
export async function seedCast(h: BackendHarness): Promise<Cast> {
  const person = async (key: string, record: Record<string, unknown>) => {
    const email = `${key}@contract.test`;
    const uid = await h.seeder.account({ uid: `uid-${key}`, email, password: PASSWORD });
    await h.seeder.user(uid, { email, ...record });
    return uid;
  };
  return {
    admin: await person('admin', { role: 'sa', name: 'Ada Admin' }),
    customer: await person('customer', { role: 'user', name: 'Cara Customer', mobile: '98765 43210' }),
    distributor: await person('distributor', {
      role: 'distributor',
      name: 'Dev Distributor',
      mobile: '9123456780',
      walletBalance: 500,
    }),
    otherDistributor: await person('distributor2', {
      role: 'distributor',
      name: 'Priya Traders',
      mobile: '9988776655',
    }),
    staff: await person('staff', { role: 'staff', name: 'Sam Staff' }),
  };
}

export async function signInAs(
  h: BackendHarness,
  key: 'admin' | 'customer' | 'distributor' | 'distributor2' | 'staff',
) {
  await h.ports.auth.signIn(`${key}@contract.test`, PASSWORD);
}

/** Runs `action`, expecting a rejection; returns the error. */
export async function rejectionOf(action: Promise<unknown>): Promise<unknown> {
  try {
    await action;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject, but it resolved');
}
