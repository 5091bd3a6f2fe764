import type { BackendHarness } from './harness';
import { PASSWORD } from './harness';

export interface Cast {
  readonly admin: string;
  /** Cara: mobile 98765 43210 in her profile, and verified (+919876543210) on her account. */
  readonly customer: string;
  /** Claude: a customer who typed Cara's number into his profile but never proved it. */
  readonly claimant: string;
  readonly distributor: string;
  readonly otherDistributor: string;
  readonly staff: string;
  /** Rahul: owns store-1 (Sharma Mobile Care). */
  readonly owner: string;
  /** Meera: owns store-2 (Iyer Electronics). */
  readonly rival: string;
}

export type CastKey =
  | 'admin'
  | 'customer'
  | 'claimant'
  | 'distributor'
  | 'distributor2'
  | 'staff'
  | 'owner'
  | 'rival';

export const CUSTOMER_PHONE = '+919876543210';

/** Seeds one account of each kind (with users documents), all with PASSWORD. */
export async function seedCast(h: BackendHarness): Promise<Cast> {
  const person = async (key: CastKey, record: Record<string, unknown>, phoneNumber?: string) => {
    const email = `${key}@contract.test`;
    const uid = await h.seeder.account({
      uid: `uid-${key}`,
      email,
      password: PASSWORD,
      ...(phoneNumber ? { phoneNumber } : {}),
    });
    await h.seeder.user(uid, { email, ...record });
    return uid;
  };
  const cast: Cast = {
    admin: await person('admin', { role: 'sa', name: 'Ada Admin' }),
    customer: await person(
      'customer',
      { role: 'user', name: 'Cara Customer', mobile: '98765 43210' },
      CUSTOMER_PHONE,
    ),
    claimant: await person('claimant', { role: 'user', name: 'Claude Claimant', mobile: '9876543210' }),
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
    owner: await person(
      'owner',
      {
        role: 'business',
        name: 'Rahul Sharma',
        businessName: 'Sharma Mobile Care',
        phone: '9811111111',
        panNumber: 'ABCDE1234F',
        gstNumber: '27AAPFS1234C1Z5',
      },
      '+919811111111',
    ),
    rival: await person('rival', { role: 'business', name: 'Meera Iyer', businessName: 'Iyer Electronics' }),
  };
  return cast;
}

/** The owners' stores: store-1 (Rahul's) and store-2 (Meera's). */
export async function seedStores(h: BackendHarness, cast: Cast): Promise<void> {
  await h.seeder.store({ id: 'store-1', ownerId: cast.owner, name: 'Sharma Mobile Care - Bandra' });
  await h.seeder.store({ id: 'store-2', ownerId: cast.rival, name: 'Iyer Electronics' });
}

export async function signInAs(h: BackendHarness, key: CastKey) {
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
