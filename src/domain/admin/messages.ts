/** User-facing texts of the admin dashboard. */
export const ADMIN_MESSAGES = {
  accessDenied: 'Access denied.',
  resetToCurrentMonth: 'Reset to Current Month',
  tableTitle: 'All Business Users - Performance Overview',
  totalUsers: 'Total Users',
  totalBusinessUsers: 'Total Business Users',
  // Ours, for cases the spec leaves silent.
  loadFailed: 'Failed to load the dashboard. Please try again.',
  noBusinesses: 'No business users found.',
  noMatches: 'No business users match your search.',
  pageLabel: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  dashboardTitle: (product: string) => `${product} Admin Dashboard`,
} as const;
