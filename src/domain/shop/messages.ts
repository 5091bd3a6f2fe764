/**
 * Messages of the shop console's repair desk: what the use cases and the backends answer, word for
 * word from ../shared/spec/owner-console.md (the spec of the shop console) where it has them; those
 * under "Ours" are for the cases that page leaves silent. Screen labels and button texts are the UI's
 * (src/ui/features/shop/shop-texts.ts).
 */
import { TRACKING_LINK_MESSAGES } from './tracking-messages';

export const SHOP_MESSAGES = {
  // Ours: the job card's fields.
  customerNameRequired: "Please enter the customer's name.",
  customerNameTooLong: "The customer's name is at most 100 characters.",
  customerMobileRequired: "Please enter the customer's mobile number.",
  customerMobileInvalid: 'Please enter a valid 10-digit Indian mobile number.',
  deviceTypeRequired: 'Please choose the device type.',
  brandModelRequired: 'Please enter the brand and model.',
  brandModelTooLong: 'Brand & Model is at most 100 characters.',
  imeiInvalid: 'This IMEI is not valid. Please check the 15 digits (dial *#06# on the phone).',
  serialInvalid: 'An IMEI or serial number has 4 to 40 letters, digits, dashes or slashes.',
  problemsRequired: 'Please choose or describe at least one problem.',
  problemUnknown: 'Please choose problems from the list, or describe the problem in your own words.',
  problemTooLong: 'Please describe the problem in at most 200 characters.',
  tooManyProblems: 'Please list at most 12 problems.',
  accessoryUnknown: 'Please choose accessories from the list.',
  otherAccessoryRequired: 'Please say which other accessory was received.',
  otherAccessoryTooLong: 'Please describe the other accessories in at most 100 characters.',
  conditionNotesTooLong: 'Condition notes are at most 500 characters.',
  unlockCodeTooLong: 'The unlock code is at most 64 characters.',
  amountInvalid: 'Please enter an amount in rupees, for example 1500 or 1499.50.',
  amountTooLarge: 'Please enter an amount of at most ₹10,00,000.',
  advanceAboveEstimate: 'The advance cannot be more than the estimate.',
  promisedDateInvalid: 'Please choose a valid date.',
  promisedDateInPast: 'The promised date cannot be in the past.',
  tooManyPhotos: 'Please add at most 6 photos.',
  photoNotImage: 'Photos must be images (JPEG, PNG, WebP or HEIC).',
  // Ours: photos of a repair (photos.ts).
  photoNotStorable: 'This photo could not be stored: only JPEG, PNG and WebP images are kept.',
  photoEmpty: 'This photo is empty. Please take it again.',
  photoTooLarge: 'This photo is larger than 1 MB even after resizing. Please take it again.',
  photoUnreadable:
    'This file could not be read as an image. Please choose a photo (JPEG, PNG, WebP or HEIC).',
  photosNoneChosen: 'Please choose a photo to add.',
  photoUploadFailed: 'Could not upload this photo. Please try again.',
  photoRemoveFailed: 'Could not remove the photo. Please try again.',
  photoLoadFailed: 'Could not load this photo.',
  // Ours: the status workflow.
  sameStatus: 'The repair is already at this status.',
  unknownTarget: 'Please choose one of the listed statuses.',
  moveForbidden: (from: string, to: string) => `A repair cannot go from '${from}' to '${to}'.`,
  finalStatus: (status: string) =>
    `This repair is ${status}. Only the shop owner can reopen it, with a note saying why.`,
  reopenNoteRequired: 'Please add a note saying why the repair is reopened.',
  reopenTargetInvalid: "A reopened repair goes back to 'Received' or 'In Progress'.",
  deliveryCodeRequired: "Please enter the customer's 4-digit delivery code.",
  deliveryCodeFormat: 'The delivery code has 4 digits.',
  deliveryCodeWrong: 'This delivery code does not match. Please ask the customer for the code again.',
  deliveryCodeMissing:
    'This repair has no delivery code. The shop owner can mark it delivered with a reason.',
  overrideOwnerOnly: 'Only the shop owner can mark a repair delivered without the delivery code.',
  overrideReasonRequired: 'Please give the reason for delivering without the code.',
  overrideNotForThisMove: "An override only applies when marking a repair 'Delivered'.",
  deliveryPaused:
    'Too many wrong delivery codes were tried for this repair, so tries are paused for 15 minutes. The shop owner can still mark it delivered with a reason.',
  noteTooLong: 'A note is at most 500 characters.',
  // Ours: templates and settings.
  templateTooLong: 'A message template is at most 1000 characters.',
  templateRequired: 'Please write the message.',
  upiIdInvalid: 'Please enter a valid UPI ID, for example shopname@okaxis.',
  repairIdPrefixInvalid: 'A Repair ID prefix is 2 to 5 capital letters or digits, starting with a letter.',
  // Ours: the repair desk's use cases.
  signInRequired: 'Please sign in to use the shop console.',
  notStoreMember: 'You do not work in this store, so you cannot see or change its repairs.',
  repairNotFound: 'This repair no longer exists. It may have been deleted.',
  statusConflict:
    'Someone changed this repair meanwhile. Please look at its new status and choose the next step again.',
  statusChangeRefused: 'This status change is not allowed.',
  editChangedElsewhere:
    'Another device changed this repair since you opened it, so your change was not saved over theirs. Nothing is lost: choose the value to keep for each field under ‘Changed on another device’.',
  deleteOwnerOnly: 'Only the shop owner can delete a repair.',
  loadFailed: 'Could not load the repairs. Please try again.',
  createFailed: 'Could not create the repair. Please try again.',
  createNeedsNetwork: 'A new repair needs the network on this system; your job card is kept as a draft.',
  saveFailed: 'Could not save the changes. Please try again.',
  deleteFailed: 'Could not delete the repair. Please try again.',
  dateRangeInvalid: 'The end date must be after the start date.',
  customerMobileUnusable: "This customer's mobile number cannot receive messages. Please correct it first.",
  ...TRACKING_LINK_MESSAGES,
  trackingChangeFailed: 'Could not change the tracking link. Please try again.',
  // Ours: the repair page's edit form, and the job card's earlier customer.
  repairFinalReadOnly: (status: string) =>
    `This repair is ${status}, so its details can no longer be edited. Only the shop owner can reopen it.`,
  earlierCustomerFailed: 'Could not look up earlier customers of this number.',
  // Ours: the Repair ID counter.
  repairIdsUsedUp:
    'Every Repair ID number of this store is used (up to 9,999,999). Please change the Repair ID prefix in the settings to create new repairs.',
  repairCounterInvalid:
    "This store's Repair ID counter is damaged, so no Repair ID can be given. Please ask the shop owner to contact support.",
  // Ours: what a write of a repair may not do (the backends' rules, repair-write-rules.ts).
  repairFinalFixed: (status: string) =>
    `This repair is ${status}, so it can no longer be changed. Only the shop owner can reopen it.`,
  // The spec's 'Delivered' dialog with money due ('Amount due: ₹X'), and ours for 'Deliver on Credit'.
  amountDueOnDelivery: (due: string) =>
    `Amount due: ${due}. Take the payment first, or deliver on credit with a note.`,
  creditNoteTooLong: 'The note for delivering on credit is at most 400 characters.',
  duesUpdated: (due: string) => `Amount due: ${due}.`,
  // Ours: 'Take Payment' and 'Refund' (payments.ts checkNewPayment).
  paymentAmountInvalid: 'The amount must be more than ₹0, in rupees and paise (for example 1500 or 1499.50).',
  paymentAmountTooLarge: 'Please enter an amount of at most ₹10,00,000.',
  paymentModeInvalid: "Please choose how it was paid: 'Cash', 'UPI' or 'Card'.",
  upiReferenceInvalid: 'A UPI reference (UTR) has 12 digits. Please check it in the customer’s UPI app.',
  upiReferenceOnlyUpi: "A UPI reference is only for a payment made by 'UPI'.",
  refundReasonRequired: 'Please give the reason for the refund.',
  paymentNoteTooLong: 'A note is at most 500 characters.',
  refundAbovePaid: (paid: string) => `A refund cannot be more than what was paid (${paid}).`,
  refundOwnerOnly: 'Only the shop owner can refund a payment.',
  paymentIdInvalid: 'This payment could not be saved (its id is not valid). Please try again.',
} as const;

/** Ours: the photo messages that count (kept apart: SHOP_MESSAGES' functions take status labels). */
export const PHOTO_COUNT_MESSAGES = {
  noRoom: (left: number) =>
    left === 0
      ? 'This repair already has 6 photos. Remove one to add another.'
      : `Please add at most ${left} more photo${left === 1 ? '' : 's'} (6 in all).`,
  notUploaded: (failedCount: number, total: number) =>
    `${failedCount} of ${total} photo${total === 1 ? '' : 's'} did not upload. They are listed under 'Photos' to try again.`,
} as const;
