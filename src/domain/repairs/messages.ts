/** User-facing texts of the repair tracker, word for word from the spec's catalogue. */
export const REPAIR_MESSAGES = {
  notFound: 'No repair found with this Repair ID.',
  fetchFailed: 'Error fetching repair.',
  notAuthorized: 'You are not authorized to view this repair.',
  businessLoading: 'Loading business info...',
  businessUnavailable: 'Business info not available.',
  // Ours, for the empty form.
  repairIdRequired: 'Please enter a Repair ID.',
  repairIdTooLong: 'A Repair ID is at most 64 characters.',
} as const;

export const MAX_REPAIR_ID_LENGTH = 64;
