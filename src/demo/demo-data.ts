import { RECHARGE_DESCRIPTION } from '../domain/wallet/messages';
import { integer, pick, seededRandom } from './random';
import type {
  SeedData,
  SeedPublicProfile,
  SeedRepairRecord,
  SeedStoreProfile,
  SeedStoreRecord,
  SeedUserRecord,
} from './seeder';
import { sharmaShopData } from './shop-demo-data';

/**
 * Every demo store's public profile (what its tracking page shows): Sharma Mobile Care's two stores
 * under its own name, number and UPI ID (../shared/demo-data.md); every other store under its name and
 * its owner's number, without a UPI ID.
 */
function storeProfilesOf(
  stores: readonly SeedStoreRecord[],
  owners: readonly SeedPublicProfile[],
): SeedStoreProfile[] {
  const phoneOf = new Map(owners.map((owner) => [owner.uid, owner.phone ?? '']));
  return stores.map((store) =>
    store.id.startsWith('store-sharma-')
      ? {
          storeId: store.id,
          ownerId: store.ownerId,
          name: 'Sharma Mobile Care',
          phone: '9811111111',
          upiId: 'sharmamobile@okaxis',
        }
      : {
          storeId: store.id,
          ownerId: store.ownerId,
          name: store.name ?? '',
          phone: phoneOf.get(store.ownerId) ?? '',
          upiId: '',
        },
  );
}

/**
 * The demo data set of ../shared/demo-data.md, generated relative to `now` ("this month" is the
 * calendar month of `now`, in local time). Deterministic for a given `now`.
 */

export const DEMO_PASSWORD = 'Demo@1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.test', role: 'sa', name: 'Demo Admin', screen: 'Admin dashboard' },
  { email: 'customer@demo.test', role: 'user', name: 'Asha Customer', screen: 'Repair tracker' },
  {
    email: 'distributor@demo.test',
    role: 'distributor',
    name: 'Dev Distributor',
    screen: 'Distributor wallet (₹500)',
  },
  {
    email: 'distributor2@demo.test',
    role: 'distributor',
    name: 'Priya Traders',
    screen: 'Distributor wallet (₹0)',
  },
  {
    email: 'staff@demo.test',
    role: 'staff',
    name: 'Sam Staff',
    screen: 'Shop console: Sharma Mobile Care - Bandra (staff)',
  },
  {
    email: 'owner01@demo.test',
    role: 'business',
    name: 'Rahul Sharma',
    screen: 'Shop console: Sharma Mobile Care, two stores (owner)',
  },
] as const;

export const DEMO_STORE_LINKS = {
  android: 'https://play.google.com/store/apps/details?id=com.repairmate.app',
  ios: 'https://apps.apple.com/app/repairmate/id6450000000',
} as const;

export const DEMO_UIDS = {
  admin: 'demo-admin',
  customer: 'demo-customer',
  distributor: 'demo-distributor',
  distributor2: 'demo-distributor2',
  staff: 'demo-staff',
  owner: (n: number) => `demo-owner${String(n).padStart(2, '0')}`,
} as const;

/** owner03 … owner23: [owner name, business name]; none contains "Sharma" or "Iyer". */
const OTHER_BUSINESSES: readonly (readonly [string, string])[] = [
  ['Amit Patel', 'Patel Phone Point'],
  ['Sunil Gupta', 'Gupta Gadget Hub'],
  ['Lakshmi Reddy', 'Reddy Repair Studio'],
  ['Imran Khan', 'Khan Mobile Clinic'],
  ['Anil Nair', 'Nair Tech Services'],
  ['Harpreet Singh', 'Singh Telecom'],
  ['Sourav Das', 'Das Digital Care'],
  ['Kiran Mehta', 'Mehta Mobile World'],
  ['Pooja Joshi', 'Joshi Electronics'],
  ['Rohit Kapoor', 'Kapoor Cell Care'],
  ['Neeraj Verma', 'Verma Mobile Repair'],
  ['Srinivas Rao', 'Rao Smart Solutions'],
  ['Deepa Pillai', 'Pillai Phone Fixers'],
  ['Vikas Chopra', 'Chopra Gadgets'],
  ['Arijit Banerjee', 'Banerjee Electronics'],
  ['Sneha Kulkarni', 'Kulkarni Mobile Hub'],
  ['Ravi Menon', 'Menon Tech Care'],
  ['Manoj Agarwal', 'Agarwal Communications'],
  ['Tania Bose', 'Bose Repair Centre'],
  ['Hetal Desai', 'Desai Mobile Zone'],
  ['Yogesh Thakur', 'Thakur Cell Point'],
];

const CITIES: readonly (readonly [string, string, string])[] = [
  ['Mumbai', 'Maharashtra', '400001'],
  ['Pune', 'Maharashtra', '411001'],
  ['Bengaluru', 'Karnataka', '560001'],
  ['Chennai', 'Tamil Nadu', '600001'],
  ['Hyderabad', 'Telangana', '500001'],
  ['Kolkata', 'West Bengal', '700001'],
  ['Jaipur', 'Rajasthan', '302001'],
  ['Ahmedabad', 'Gujarat', '380001'],
  ['Lucknow', 'Uttar Pradesh', '226001'],
  ['Kochi', 'Kerala', '682001'],
];

const PRODUCTS: readonly (readonly [string, string])[] = [
  ['Galaxy A52', 'Mobile'],
  ['Redmi Note 11', 'Mobile'],
  ['iPhone 11', 'Mobile'],
  ['OnePlus Nord', 'Mobile'],
  ['Vivo Y21', 'Mobile'],
  ['HP Pavilion 15', 'Laptop'],
  ['Lenovo IdeaPad', 'Laptop'],
  ['iPad 9th Gen', 'Tablet'],
  ['boAt Airdopes', 'Audio'],
  ['Mi Smart Band', 'Wearable'],
];

// The job card's common problems (job-card.ts COMMON_PROBLEMS), so the owner's 'Top Problems' reads
// like a real shop's, and one typed problem ('Other'). As many as before: the seeded sequence is unchanged.
const PROBLEMS = [
  'Screen broken',
  'Battery problem',
  'Charging problem',
  'Speaker / mic problem',
  'Water damage',
  'Camera problem',
  'Buttons not working',
  'Overheating',
  'Touch not working',
];

export const STATUSES = ['sent_to_service_center', 'inprogress', 'delivered'] as const;

const CUSTOMERS = [
  'Vikram Rao',
  'Sanjay Kumar',
  'Anjali Singh',
  'Farhan Ali',
  'Kavya Nair',
  'Rohan Das',
  'Meena Pillai',
];

const startOfMonth = (now: Date, monthsBack: number) =>
  new Date(now.getFullYear(), now.getMonth() - monthsBack, 1);

/** An instant in the month `monthsBack` before now's, never after now, placed by `fraction` (0..1). */
export function inMonth(now: Date, monthsBack: number, fraction: number): Date {
  const from = startOfMonth(now, monthsBack).getTime();
  const to = monthsBack === 0 ? now.getTime() : startOfMonth(now, monthsBack - 1).getTime() - 1;
  return new Date(from + Math.floor((to - from) * Math.min(Math.max(fraction, 0), 0.999)));
}

export function generateDemoData(now: Date): SeedData {
  const random = seededRandom(20261121);
  const accounts: SeedData['accounts'][number][] = [];
  const users: { uid: string; record: SeedUserRecord }[] = [];
  const publicProfiles: SeedPublicProfile[] = [];
  /** A person's account and users document; `verified` is the mobile number already proved (E.164). */
  const person = (uid: string, email: string, record: Record<string, unknown>, verified?: string) => {
    accounts.push({ uid, email, password: DEMO_PASSWORD, ...(verified ? { phoneNumber: verified } : {}) });
    users.push({
      uid,
      record: {
        email,
        acceptedTerms: true,
        acceptedPrivacy: true,
        acceptedDate: startOfMonth(now, 6).toISOString(),
        ...record,
      },
    });
  };

  person(DEMO_UIDS.admin, 'admin@demo.test', { role: 'sa', name: 'Demo Admin', mobile: '9000000009' });
  person(
    DEMO_UIDS.customer,
    'customer@demo.test',
    {
      role: 'user',
      name: 'Asha Customer',
      mobile: '9876543210',
      address: '12 MG Road, Koramangala',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560034',
      businessName: '',
      gstNumber: '',
      panNumber: '',
      businessAddress: '',
    },
    '+919876543210',
  );
  person(DEMO_UIDS.distributor, 'distributor@demo.test', {
    role: 'distributor',
    name: 'Dev Distributor',
    mobile: '9123456780',
    address: '4 Lamington Road',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400007',
    walletBalance: 500,
  });
  person(DEMO_UIDS.distributor2, 'distributor2@demo.test', {
    role: 'distributor',
    name: 'Priya Traders',
    mobile: '9988776655',
    address: '22 Nehru Place',
    city: 'New Delhi',
    state: 'Delhi',
    pincode: '110019',
    walletBalance: 0,
  });
  person(DEMO_UIDS.staff, 'staff@demo.test', { role: 'staff', name: 'Sam Staff', mobile: '9000000008' });

  // Business owners: their number verified, and the public profile the tracker shows (name, number).
  const owner = (
    n: number,
    record: { name: string; businessName: string; phone: string; businessAddress: string },
  ) => {
    const uid = DEMO_UIDS.owner(n);
    person(
      uid,
      `owner${String(n).padStart(2, '0')}@demo.test`,
      { role: 'business', ...record },
      `+91${record.phone}`,
    );
    publicProfiles.push({ uid, businessName: record.businessName, phone: record.phone });
  };
  // owner01 and owner02 are fixed by the data set; the others are generated.
  owner(1, {
    name: 'Rahul Sharma',
    businessName: 'Sharma Mobile Care',
    phone: '9811111111',
    businessAddress: 'Shop 3, Linking Road, Mumbai',
  });
  owner(2, {
    name: 'Meera Iyer',
    businessName: 'Iyer Electronics',
    phone: '9822222222',
    businessAddress: '15 T. Nagar, Chennai',
  });
  OTHER_BUSINESSES.forEach(([name, businessName], index) => {
    const n = index + 3;
    const [city] = CITIES[index % CITIES.length] ?? CITIES[0]!;
    owner(n, {
      name,
      businessName,
      phone: `98${String(33_000_000 + n * 111_111).padStart(8, '0')}`,
      businessAddress: `${10 + n} Market Road, ${city}`,
    });
  });

  // Stores: Sharma has two, Iyer one (keyed by her uid, as the mobile app keys a first store), others one or two.
  const sharmaStores = ['store-sharma-1', 'store-sharma-2'];
  const iyerStore = DEMO_UIDS.owner(2);
  // Sharma Mobile Care's shop settings (../shared/demo-data.md): the same on both stores.
  const sharmaSettings = {
    phone: '9811111111',
    upiId: 'sharmamobile@okaxis',
    gstin: '27AAPFS1234C1ZD',
  };
  const stores: SeedStoreRecord[] = [
    {
      id: sharmaStores[0]!,
      ownerId: DEMO_UIDS.owner(1),
      name: 'Sharma Mobile Care - Bandra',
      ...sharmaSettings,
      address: 'Shop 3, Linking Road, Bandra West, Mumbai 400050',
      // The settings screen's own fields (city, state, pincode), so that it opens complete.
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400050',
    },
    {
      id: sharmaStores[1]!,
      ownerId: DEMO_UIDS.owner(1),
      name: 'Sharma Mobile Care - Andheri',
      ...sharmaSettings,
      address: '14 Veera Desai Road, Andheri West, Mumbai 400053',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400053',
    },
    { id: iyerStore, ownerId: DEMO_UIDS.owner(2), name: 'Iyer Electronics' },
  ];
  const otherStores: string[] = [];
  OTHER_BUSINESSES.forEach(([, businessName], index) => {
    const n = index + 3;
    const count = n % 4 === 0 ? 2 : 1;
    for (let s = 1; s <= count; s += 1) {
      const id = `store-${String(n).padStart(2, '0')}-${s}`;
      stores.push({
        id,
        ownerId: DEMO_UIDS.owner(n),
        name: count > 1 ? `${businessName} #${s}` : businessName,
      });
      otherStores.push(id);
    }
  });

  const repairs: SeedRepairRecord[] = [];
  const repairBase = (
    id: string,
    repairId: string,
    createdAt: Date,
    extra: Record<string, unknown>,
  ): SeedRepairRecord => ({
    id,
    repairId,
    createdAt,
    updatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + 36 * 3600 * 1000)),
    imageUrls: [],
    ...extra,
  });

  repairs.push(
    repairBase('repair-1001', 'RPR-1001', inMonth(now, 0, 0.1), {
      customerMobile: '9876543210',
      customerName: 'Asha Customer',
      storeId: sharmaStores[0],
      productName: 'Galaxy S21',
      productType: 'Mobile',
      problems: 'Cracked screen',
      status: 'inprogress',
      amount: 2500,
      estimatedCost: 2800,
      deliveryCode: '4821',
      imageUrls: ['/demo/images/galaxy-s21-front.svg', '/demo/images/galaxy-s21-back.svg'],
    }),
    repairBase('repair-1002', 'RPR-1002', inMonth(now, 0, 0.2), {
      customerMobile: '9000000000',
      customerName: 'Vikram Rao',
      businessId: iyerStore,
      productName: 'iPhone 12',
      productType: 'Mobile',
      problems: 'Battery drain',
      status: 'sent_to_service_center',
      estimatedCost: 1200,
      deliveryCode: '7310',
    }),
    repairBase('repair-1003', 'RPR-1003', inMonth(now, 1, 0.5), {
      customerMobile: '9876543210',
      customerName: 'Asha Customer',
      businessId: 'business-closed-0001',
      productName: 'Dell Inspiron',
      productType: 'Laptop',
      problems: 'No power',
      status: 'delivered',
      deliveryCode: '1150',
      updatedAt: 'Delivered on request, collected by customer',
    }),
  );

  let serial = 1004;
  const generated = (monthsBack: number, fraction: number, reference: Record<string, unknown>) => {
    const [productName, productType] = pick(random, PRODUCTS);
    const repairId = `RPR-${serial}`;
    repairs.push(
      repairBase(`repair-${serial}`, repairId, inMonth(now, monthsBack, fraction), {
        customerMobile: `97${String(integer(random, 10_000_000, 99_999_999))}`,
        customerName: pick(random, CUSTOMERS),
        productName,
        productType,
        problems: pick(random, PROBLEMS),
        status: pick(random, STATUSES),
        estimatedCost: integer(random, 3, 60) * 100,
        ...(random() < 0.6 ? { amount: integer(random, 3, 60) * 100 } : {}),
        deliveryCode: String(integer(random, 1000, 9999)),
        ...reference,
      }),
    );
    serial += 1;
  };

  // Sharma Mobile Care: 5 this month (RPR-1001 and 4 more, one referencing its store by `store`), 3 last month.
  // A repair naming its store by the apps' `store` alone belongs to it only with businessId its owner.
  // Between them, Sharma's repairs take every status of the shop console (RPR-1001 is 'inprogress').
  generated(0, 0.25, { storeId: sharmaStores[1], status: 'received' });
  generated(0, 0.4, { store: sharmaStores[0], businessId: DEMO_UIDS.owner(1), status: 'ready' });
  generated(0, 0.55, {
    storeId: sharmaStores[0],
    businessId: DEMO_UIDS.owner(1),
    status: 'waiting_for_parts',
  });
  generated(0, 0.7, {
    store: sharmaStores[1],
    businessId: DEMO_UIDS.owner(1),
    status: 'sent_to_service_center',
  });
  generated(1, 0.2, { storeId: sharmaStores[0], status: 'delivered' });
  generated(1, 0.5, { storeId: sharmaStores[1], status: 'cancelled' });
  generated(1, 0.8, { store: sharmaStores[0], businessId: DEMO_UIDS.owner(1), status: 'delivered' });
  for (let monthsBack = 2; monthsBack <= 13; monthsBack += 3)
    generated(monthsBack, 0.5, { storeId: sharmaStores[0], status: 'delivered' });
  // Iyer Electronics: 2 this month (RPR-1002 and one more), none last month, some older.
  generated(0, 0.6, { storeId: iyerStore, businessId: iyerStore });
  generated(3, 0.4, { businessId: iyerStore });
  generated(7, 0.6, { storeId: iyerStore });
  // Everyone else: spread over the last 14 months.
  for (const storeId of otherStores) {
    const count = integer(random, 2, 6);
    for (let r = 0; r < count; r += 1) generated(integer(random, 0, 13), random(), { storeId });
  }

  // The shop console's records of Sharma Mobile Care: its staff, and its repairs' history, payments and
  // tracking links (their shop fields are merged into the repairs).
  const shop = sharmaShopData(now, {
    owner: { uid: DEMO_UIDS.owner(1), name: 'Rahul Sharma' },
    staff: { uid: DEMO_UIDS.staff, name: 'Sam Staff', email: 'staff@demo.test' },
    staffStore: sharmaStores[0]!,
    invitation: {
      storeId: sharmaStores[1]!,
      storeName: 'Sharma Mobile Care - Andheri',
      email: 'ravi.technician@demo.test',
    },
    stores: sharmaStores,
    repairs,
  });

  return {
    accounts,
    users,
    publicProfiles,
    stores,
    repairs: shop.repairs,
    shop: { ...shop.records, storeProfiles: storeProfilesOf(stores, publicProfiles) },
    supportIssues: [
      {
        id: 'support-demo-1',
        email: 'ravi@example.com',
        phone: '9000011111',
        issue: 'App crashes on login',
        status: 'active',
        createdAt: new Date(now.getTime() - 2 * 24 * 3600 * 1000),
      },
      {
        id: 'support-demo-2',
        email: 'neha@example.com',
        phone: '9000022222',
        issue: 'Cannot add a second store',
        status: 'completed',
        createdAt: new Date(now.getTime() - 9 * 24 * 3600 * 1000),
      },
    ],
    transactions: [
      {
        id: 'recharge-demo-0001',
        distributorId: DEMO_UIDS.distributor,
        distributorName: 'Dev Distributor',
        adminId: DEMO_UIDS.admin,
        adminName: 'Demo Admin',
        amount: 500,
        previousBalance: 0,
        newBalance: 500,
        timestamp: inMonth(now, 1, 0.5),
        description: RECHARGE_DESCRIPTION,
      },
    ],
    storeLinks: { ...DEMO_STORE_LINKS },
  };
}
