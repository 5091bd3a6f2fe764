import type { EditedField } from '../../../domain/shop/refused-changes';

/**
 * The shop console's screen labels and button texts, word for word from
 * ../shared/spec/owner-console.md where it names them (ours where it is silent). They are the screens'
 * words, not the domain's: the domain's messages (what a use case or a backend answers) stay in
 * src/domain/shop/messages.ts and STAFF_TEXTS (staff-use-cases.ts).
 */

/** The job card's labels, exactly as the spec writes them ('New repair' screen). */
export const JOB_CARD_LABELS = {
  customerName: 'Customer Name',
  customerMobile: 'Customer Mobile',
  deviceType: 'Device Type',
  brandModel: 'Brand & Model',
  imeiSerial: 'IMEI / Serial',
  problems: 'Problems',
  accessories: 'Accessories Received',
  conditionNotes: 'Condition Notes',
  unlockCode: 'Unlock Code',
  estimate: 'Estimate (₹)',
  advancePaid: 'Advance Paid (₹)',
  promisedDate: 'Promised Date',
  photos: 'Photos',
} as const;

/** The repair page's edit form: the field the job card has not (ours), and its buttons. */
export const REPAIR_EDIT_TEXTS = {
  details: 'Details',
  finalAmount: 'Final Amount (₹)',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  showCode: 'Show',
  hideCode: 'Hide',
  earlierCustomer: 'Earlier customer:',
  useEarlierCustomer: 'Use',
  saved: 'Changes saved.',
  nothingChanged: 'Nothing was changed.',
} as const;

/** Buttons and titles the spec names. */
export const SHOP_TEXTS = {
  newRepair: 'New Repair',
  createRepair: 'Create Repair',
  sendOnWhatsApp: 'Send on WhatsApp',
  sendSms: 'Send SMS',
  printJobSheet: 'Print Job Sheet',
} as const;

/**
 * Ours: the mark of a repair changed on this device whose change the server does not have yet
 * (ShopRepair.pendingSync: Firestore's queued offline writes).
 */
export const SYNC_TEXTS = {
  pendingSync: 'Not yet synced',
  pendingSyncHint: 'Changed on this device while offline. It is sent when the network returns.',
} as const;

/**
 * Ours: how many job cards this device can take with the network down (issue 20, ADR 0012), on the
 * backends that number them from Repair IDs the device holds (Firebase).
 */
export const OFFLINE_JOB_CARD_TEXTS = {
  ready: (n: number) =>
    `Offline ready: this device holds ${n} Repair ${n === 1 ? 'ID' : 'IDs'}, so job cards taken with the network down get theirs at once.`,
  none: 'This device holds no Repair IDs yet: with the network down, a job card waits as a draft until it returns.',
} as const;

/**
 * The fields an edit changes (ShopRepairPatch's stored names), as the job card and the edit form label
 * them: an 'edit' history note's fields, and the 'Changed on another device' choices.
 */
export const EDITED_FIELD_LABELS: Readonly<Record<EditedField, string>> = {
  customerName: JOB_CARD_LABELS.customerName,
  customerMobile: JOB_CARD_LABELS.customerMobile,
  productType: JOB_CARD_LABELS.deviceType,
  productName: JOB_CARD_LABELS.brandModel,
  imeiSerial: JOB_CARD_LABELS.imeiSerial,
  problemList: JOB_CARD_LABELS.problems,
  accessories: JOB_CARD_LABELS.accessories,
  otherAccessory: JOB_CARD_LABELS.accessories,
  conditionNotes: JOB_CARD_LABELS.conditionNotes,
  unlockCode: JOB_CARD_LABELS.unlockCode,
  estimatePaise: JOB_CARD_LABELS.estimate,
  finalPaise: REPAIR_EDIT_TEXTS.finalAmount,
  promisedDate: JOB_CARD_LABELS.promisedDate,
};

/**
 * Ours: 'Changed on another device' (issue 20), the repair page's choice for an edit of this device
 * that the server refused because another device had changed the repair first.
 */
export const CONFLICT_TEXTS = {
  title: 'Changed on another device',
  intro:
    'This device changed the repair, but another device had changed it first, so that change was not saved. Nothing is lost: choose the value to keep for each field.',
  mine: 'This device',
  saved: 'Saved now',
  keepMine: 'Keep this device’s',
  keepSaved: 'Keep the saved one',
  save: 'Save choice',
  done: 'Your choice is saved.',
  /** A status move this device made that the server refused (statuses as the page writes them). */
  moved: (to: string, now: string) =>
    `This device moved the repair to ‘${to}’, but another device had changed it first, so that move was not saved: it is ‘${now}’ now. Choose the next step again under Status.`,
  gotIt: 'Got it',
} as const;

/** The staff screens' labels and buttons ('Staff' section, the dashboard's invitations). */
export const STAFF_LABELS = {
  section: 'Staff',
  addStaff: 'Add Staff',
  staffEmail: 'Staff Email',
  invited: 'Invited',
  remove: 'Remove',
  accept: 'Accept',
  decline: 'Decline',
  invitationFrom: (storeName: string) => `Invitation from ${storeName}`,
  noStaff: 'No staff yet. Invite someone by their e-mail address.',
  invitedBy: (storeName: string) =>
    `${storeName} invites you to work in their store as staff: you will create and update its repairs and take payments.`,
} as const;

/** The dues khata (/shop/dues): the spec's words ('Dues', the total line, the two buttons), and ours. */
export const DUES_TEXTS = {
  heading: 'Dues',
  total: (amount: string, customers: number) =>
    `Total due: ${amount} from ${customers} ${customers === 1 ? 'customer' : 'customers'}`,
  sendReminder: 'Send Reminder',
  showUpiQr: 'Show UPI QR',
  loadMore: 'Load more',
  customers: 'Customers who owe',
  since: 'Oldest',
  none: 'No money is due. A repair ready or delivered with money still to pay shows here.',
  moreToLoad: 'Older dues come first; more dues are still to load below.',
  noMobile: 'No WhatsApp: this mobile number is not an Indian mobile.',
  addUpiId: 'Add your UPI ID in Settings to show a UPI QR code for the amount due.',
  ownerAddsUpiId:
    'This store has no UPI ID yet: its owner adds one in Settings, then a UPI QR code shows the amount due.',
  settings: 'Settings',
  qrTitle: (name: string) => `Pay ${name}`,
  qrHelp: 'Ask the customer to scan this code with any UPI app. The amount is filled in.',
  qrFor: (repairIds: string) => `For ${repairIds}`,
  upiIdIs: (upiId: string) => `To UPI ID ${upiId}`,
  openLink: 'Open in a UPI app',
  linkNote: 'Some UPI apps refuse a tapped link to a personal UPI ID; scanning the code always works.',
} as const;

/** The repair page's 'Payments' section and its dialogs, word for word from the spec ("Payments"). */
export const PAYMENT_TEXTS = {
  section: 'Payments',
  total: 'Total',
  paid: 'Paid',
  due: 'Due',
  takePayment: 'Take Payment',
  refund: 'Refund',
  amount: 'Amount (₹)',
  mode: 'Mode',
  modes: { cash: 'Cash', upi: 'UPI', card: 'Card' },
  upiReference: 'UPI Reference',
  upiReferenceHint:
    "Optional: the 12-digit UTR the customer's UPI app shows. Nothing confirms a UPI payment to the shop, so check it arrived.",
  note: 'Note',
  noteOptional: 'Note (optional)',
  reason: 'Reason',
  savePayment: 'Save Payment',
  saveRefund: 'Save Refund',
  cancel: 'Cancel',
  // Ours: where the spec is silent.
  noPayments: 'No payments yet.',
  refundEntry: 'Refund',
  takenBy: (name: string) => `by ${name}`,
  upiReferenceShown: (utr: string) => `UPI Ref ${utr}`,
  noTotal: 'No estimate or final amount yet.',
  dueNow: (repairId: string, due: string) => `${repairId}: ${due} due.`,
  refundLimit: (paid: string) => `Paid so far: ${paid}. A refund cannot be more than that.`,
  // A payment's or refund's entry in the repair's 'History' (never a status move).
  historyPayment: (amount: string) => `Payment ${amount}`,
  historyRefund: (amount: string) => `Refund ${amount}`,
  // The delivery move with money due.
  amountDue: (amount: string) => `Amount due: ${amount}`,
  deliverOnCredit: 'Deliver on Credit',
  creditNote: 'Credit Note',
  creditNoteHint:
    'Why the customer takes the device before paying, e.g. "Pays on Friday". Kept in the history.',
  dueChoice: 'Take the payment first, or deliver on credit: the repair then stays in Dues until paid.',
} as const;
