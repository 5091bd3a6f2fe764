import type { IconName } from './icons';

/** The filter buttons of the features grid, in the order the spec lists them. */
export const FEATURE_FILTERS = [
  'All Features',
  'Business Tools',
  'Core Features',
  'Marketing',
  'Communication',
] as const;

export type FeatureFilter = (typeof FEATURE_FILTERS)[number];
export type FeatureCategory = Exclude<FeatureFilter, 'All Features'>;

export interface Feature {
  readonly title: string;
  readonly description: string;
  readonly category: FeatureCategory;
  readonly icon: IconName;
}

/** The twelve features of spec §1, each in one category. */
export const FEATURES: readonly Feature[] = [
  {
    title: 'Multi-store management',
    description:
      "Run every branch from one account. Switch stores in a tap and see each one's repairs, dues and staff on their own.",
    category: 'Core Features',
    icon: 'store',
  },
  {
    title: 'Repair tracking',
    description:
      'Log each job with the device, problem and estimate, then move it through every status update until delivery, with a delivery code for a safe handover.',
    category: 'Core Features',
    icon: 'wrench',
  },
  {
    title: 'Cloud backup',
    description:
      'Every repair, bill and khata entry is backed up automatically. Change or lose your phone and your shop is still there when you sign in.',
    category: 'Core Features',
    icon: 'cloud',
  },
  {
    title: 'Multi-platform access',
    description:
      'Use it on Android, iPhone and the web. Your records stay in sync on every device your team works from.',
    category: 'Core Features',
    icon: 'devices',
  },
  {
    title: 'Khata ledger',
    description:
      'A digital khata for customers and suppliers: record dues and payments, see the full payment history and know exactly who owes what.',
    category: 'Business Tools',
    icon: 'book',
  },
  {
    title: 'In-app wallet',
    description:
      'A wallet inside the app with a simple coin system: top it up and spend coins on premium features only when you need them.',
    category: 'Business Tools',
    icon: 'wallet',
  },
  {
    title: 'Staff management',
    description:
      'Add technicians and counter staff with role-based permissions, so everyone sees what their job needs and nothing more.',
    category: 'Business Tools',
    icon: 'users',
  },
  {
    title: 'Reports',
    description:
      'Revenue, customers, repairs and dues at a glance, by day or by month, so you always know how the shop is doing.',
    category: 'Business Tools',
    icon: 'chart',
  },
  {
    title: 'Broadcast marketing',
    description:
      'Send offers and festive greetings with images to all your customers at once, and bring them back to your counter.',
    category: 'Marketing',
    icon: 'megaphone',
  },
  {
    title: 'Referral program',
    description:
      'Reward the customers who send their friends and family to you. Happy customers become your best advertising.',
    category: 'Marketing',
    icon: 'gift',
  },
  {
    title: 'Push & WhatsApp notifications',
    description:
      'Customers hear the moment their device is ready, by push notification or WhatsApp. Fewer "is it done yet?" calls.',
    category: 'Communication',
    icon: 'bell',
  },
  {
    title: 'QR codes',
    description:
      'Print a QR code on every job sheet and receipt. Customers scan it to check their repair without calling the shop.',
    category: 'Communication',
    icon: 'qr',
  },
];

export const STATS = [
  { value: '10,000+', label: 'Active users' },
  { value: '50,000+', label: 'Repairs tracked' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
] as const;

export const REASONS: readonly { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Made for the repair counter',
    text: 'Log a job in seconds while the customer waits. No accounting jargon, just the screens a repair shop uses every day.',
    icon: 'bolt',
  },
  {
    title: 'Free to start, no subscription',
    text: 'Everyday features cost nothing. A few premium extras use coins you buy in the app, only when you choose to.',
    icon: 'tag',
  },
  {
    title: 'Your data is safe',
    text: 'Encrypted connections, automatic cloud backup, and access rules that keep each shop’s records private to that shop.',
    icon: 'shield',
  },
  {
    title: 'Customers stay in the loop',
    text: 'Real-time status, notifications and digital receipts build trust, and bring customers back for their next repair.',
    icon: 'bell',
  },
  {
    title: 'One account, every branch',
    text: 'Manage all your stores and staff from one login, on your phone at the counter or on a laptop at home.',
    icon: 'store',
  },
  {
    title: 'Help whenever you need it',
    text: 'Our support team is available 24/7 by e-mail and through the support form, in plain language.',
    icon: 'headset',
  },
];

export const STEPS: readonly { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Create your store',
    text: 'Sign up, add your shop name and contact number, and you are ready in under two minutes.',
    icon: 'store',
  },
  {
    title: 'Add repairs',
    text: 'Record the customer, device, problems, estimate and photos. Each job gets its own Repair ID.',
    icon: 'clipboard',
  },
  {
    title: 'Track progress',
    text: 'Update the status as the work moves on; the customer sees every change in real time.',
    icon: 'activity',
  },
  {
    title: 'Manage payments',
    text: 'Collect payments, record dues in the khata and settle with suppliers, all in one place.',
    icon: 'rupee',
  },
  {
    title: 'Generate reports',
    text: 'See revenue, repairs, customers and pending dues for any day or month.',
    icon: 'chart',
  },
];

export const FOR_BUSINESSES = [
  'Mobile, laptop and electronics repair shops',
  'Service centres with several branches',
  'Owners who want customer and supplier dues in one khata',
  'Teams that need role-based access for staff',
  'Distributors, with their own dashboard and in-app wallet',
] as const;

export const FOR_CUSTOMERS = [
  'Real-time repair tracking with your Repair ID',
  'Digital receipts: no paper slips to lose',
  'A notification the moment your device is ready',
  'A delivery code for a safe, hassle-free pick-up',
  'Referral rewards for recommending your shop',
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'I kept dues in a notebook and half of it was never collected. Now the khata tells me exactly who owes what, and customers pay faster because they get a proper receipt.',
    name: 'Rakesh Verma',
    role: 'Owner, Verma Mobile Point, Jaipur',
  },
  {
    quote:
      'My phone used to ring all day with "is my mobile ready?". Now customers get a WhatsApp message when it is done, and my technicians can actually work.',
    name: 'Farhana Shaikh',
    role: 'Owner, SmartFix Electronics, Pune',
  },
  {
    quote:
      'I run three branches. Every night I check each store’s repairs and revenue from my phone, and I know which staff member handled which job.',
    name: 'Suresh Nair',
    role: 'Founder, QuickCare Service Centres, Kochi',
  },
] as const;
