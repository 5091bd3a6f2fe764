/** User-facing texts of support, word for word from the spec's catalogue. */
export const SUPPORT_MESSAGES = {
  thanks: 'Thank you!',
  contactSoon: 'Our team will contact you soon.',
  submitFailed: 'Failed to submit. Please try again.',
  updateFailed: 'Failed to update issue.',
  empty: 'No support issues found.',
  accessDenied: 'Access denied.',
  // Ours, for cases the spec leaves silent.
  emailRequired: 'Please enter your email address.',
  invalidEmail: 'Please enter a valid email address.',
  phoneRequired: 'Please enter your phone number.',
  phoneInvalid: 'Please enter a valid phone number.',
  issueRequired: 'Please describe your issue or feedback.',
  issueTooLong: 'Please keep it under 2000 characters.',
  statusInvalid: 'Please choose a status.',
  issueGone: 'This issue no longer exists. Please reload the list.',
  loadFailed: 'Failed to load support issues. Please try again.',
} as const;
