/**
 * The labels of 'Set Up Your Shop' (/shop/setup) and 'Settings' (/shop/settings), word for word from
 * ../shared/spec/owner-console.md where it names them (ours where it is silent). The messages a use
 * case or a backend answers are the domain's (STORE_SETUP_MESSAGES, src/domain/shop/store-setup.ts).
 */

/** The store's fields, as the spec writes them. */
export const STORE_FIELD_LABELS = {
  name: 'Store Name',
  phone: 'Store Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'Pincode',
  gstin: 'GSTIN',
  upiId: 'UPI ID',
  repairIdPrefix: 'Repair ID Prefix',
} as const;

export const SETUP_TEXTS = {
  setUpYourShop: 'Set Up Your Shop',
  addStore: 'Add Store',
  createStore: 'Create Store',
  intro:
    'Open your repair shop on the web: job cards, the repair board, payments and dues, from any browser. You can add more stores later from Settings.',
  addIntro: 'Open another store of your business. Each store has its own Repair IDs, staff and settings.',
  optional: '(optional)',
  chooseState: 'Choose a state',
  prefixHint: (prefix: string) =>
    `Your repairs will be numbered ${prefix || 'ABC'}-1001, ${prefix || 'ABC'}-1002, … It cannot be changed later.`,
  gstinHint: 'The 15-character GST number, if the shop is registered. Printed on job sheets and invoices.',
  upiHint: 'Customers pay this UPI ID from the tracking link and the dues QR code, e.g. shopname@okaxis.',
  phoneHint: 'A 10-digit mobile: customers call it.',
  backToDashboard: 'Back to Dashboard',
} as const;

export const SETTINGS_TEXTS = {
  title: 'Settings',
  storeDetails: 'Store details',
  storeDetailsHint: 'Shown on job sheets, in messages and on the customer’s tracking page.',
  jobSheetTerms: 'Job Sheet Terms',
  jobSheetTermsHint: 'Printed at the foot of every job sheet. Leave empty for the standard terms.',
  messageTemplates: 'Message Templates',
  messageTemplatesHint:
    'Sent from your own phone by WhatsApp or SMS. Placeholders: {customerName}, {repairId}, {status}, {amountDue}, {trackingLink}, {shopName}, {shopPhone}. Leave one empty for the standard message.',
  paymentReminder: 'Payment Reminder',
  preview: 'Preview',
  unknownPlaceholders: (names: string) => `Not a placeholder, sent as written: ${names}`,
  saveSettings: 'Save Settings',
  invoices: 'Invoices',
  invoicesHint:
    'Used for new invoices. A store with a GSTIN issues a Tax Invoice, one without a Receipt. An invoice already issued never changes.',
  gstRate: 'GST Rate',
  sacCode: 'SAC Code',
  sacCodeHint: '998716 is the repair of phones and other telecom equipment; 998713 of computers.',
  pricesIncludeTax: 'Prices entered at the counter include GST',
  prefixFixed: 'Fixed when the store was opened: Repair IDs are never reused.',
  store: 'Store',
  repairs: '← Repairs',
} as const;
