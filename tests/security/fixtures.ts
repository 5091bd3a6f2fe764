import type { Seeder } from '../../src/demo';
import type { NewUserRecord } from '../../src/domain/users/user';

/**
 * The victims of the attack suites, as the data stands after the backfill: Asha (a customer, her number
 * verified), Rahul (Sharma Mobile Care, store-1, PAN and GSTIN in his private profile), Meera (store-2),
 * a distributor and a super admin; repairs in both stores, one that names no store (Rahul's business)
 * and one whose store is gone (its id holds a tombstone). Written by a backend's privileged seeder.
 */
export const PASSWORD = 'Secret#123';
export const ASHA_PHONE = '+919876543210';

export async function seedVictims(seeder: Seeder): Promise<void> {
  const person = async (
    uid: string,
    email: string,
    record: Record<string, unknown>,
    phoneNumber?: string,
  ) => {
    await seeder.account({ uid, email, password: PASSWORD, ...(phoneNumber ? { phoneNumber } : {}) });
    await seeder.user(uid, { email, ...record });
  };
  await person('uid-admin', 'admin@attack.test', { role: 'sa', name: 'Ada Admin' });
  await person(
    'uid-asha',
    'asha@attack.test',
    { role: 'user', name: 'Asha', mobile: '9876543210' },
    ASHA_PHONE,
  );
  await person(
    'uid-owner',
    'rahul@attack.test',
    {
      role: 'business',
      name: 'Rahul Sharma',
      businessName: 'Sharma Mobile Care',
      phone: '9811111111',
      panNumber: 'ABCDE1234F',
      gstNumber: '27AAPFS1234C1Z5',
      businessAddress: 'Shop 3, Linking Road, Mumbai',
    },
    '+919811111111',
  );
  await person('uid-rival', 'meera@attack.test', { role: 'business', businessName: 'Iyer Electronics' });
  await person('uid-dist', 'dev@attack.test', { role: 'distributor', name: 'Dev', walletBalance: 500 });
  await seeder.publicProfile({ uid: 'uid-owner', businessName: 'Sharma Mobile Care', phone: '9811111111' });
  await seeder.store({ id: 'store-1', ownerId: 'uid-owner', name: 'Sharma Mobile Care' });
  await seeder.store({ id: 'store-2', ownerId: 'uid-rival', name: 'Iyer Electronics' });
  await seeder.store({ id: 'store-gone', ownerId: '', name: '' });
  const createdAt = new Date();
  const repairs: Record<string, unknown>[] = [
    {
      id: 'r1',
      repairId: 'RPR-1001',
      storeId: 'store-1',
      businessId: 'uid-owner',
      customerMobile: '98765 43210',
      deliveryCode: '4821',
    },
    {
      id: 'r2',
      repairId: 'RPR-1002',
      storeId: 'store-2',
      businessId: 'uid-rival',
      customerMobile: '9000000000',
    },
    { id: 'r3', repairId: 'RPR-1003', businessId: 'uid-owner', customerMobile: '9000000001' },
    { id: 'r4', repairId: 'RPR-1004', store: 'store-gone', customerMobile: '9000000002' },
  ];
  for (const repair of repairs)
    await seeder.repair({ ...repair, createdAt } as Parameters<Seeder['repair']>[0]);
}

/** Mallory's sign-up record: a customer who typed Asha's number into her profile. */
export const MALLORY_PROFILE = (): NewUserRecord => ({
  email: 'mallory@attack.test',
  role: 'user',
  acceptedTerms: true,
  acceptedPrivacy: true,
  acceptedDate: new Date().toISOString(),
  name: 'Mallory',
  mobile: '9876543210',
  address: '1 Main Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
  businessName: '',
  gstNumber: '',
  panNumber: '',
  businessAddress: '',
});
