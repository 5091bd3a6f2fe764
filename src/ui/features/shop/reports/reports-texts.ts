/**
 * The Reports screen's words (/shop/reports): the spec's labels word for word
 * (../shared/spec/owner-console.md, "Reports": 'Month', the cards, 'Top Problems', 'Download CSV',
 * 'From', 'To'), and ours where it is silent. The use cases' messages are REPORT_USE_CASE_MESSAGES
 * (src/domain/shop/report-use-cases.ts).
 */

export const REPORTS_TEXTS = {
  title: 'Reports',
  month: 'Month',
  store: 'Store',
  received: 'Repairs Received',
  delivered: 'Repairs Delivered',
  collected: 'Collected',
  cash: 'Cash',
  upi: 'UPI',
  card: 'Card',
  due: 'Due',
  averageTurnaround: 'Average Turnaround',
  topProblems: 'Top Problems',
  downloadCsv: 'Download CSV',
  from: 'From',
  to: 'To',
  // Ours.
  repairs: '← Repairs',
  cards: 'The month in figures',
  refunds: 'Refunds',
  /** What the month's deliveries sold: an advance is money collected, a sale only once delivered. */
  sales: (amount: string) => `${amount} billed on delivery (advances count when the repair is delivered)`,
  dueRepairs: (count: number) => `${count} ${count === 1 ? 'repair' : 'repairs'} with money due, today`,
  days: (days: number) => `${days.toFixed(1)} ${days.toFixed(1) === '1.0' ? 'day' : 'days'}`,
  turnaroundHint: 'Received to delivered, for the repairs delivered this month.',
  noDelivery: 'No repair delivered this month.',
  noProblems: 'No repair received this month.',
  repairCount: (count: number) => `${count} ${count === 1 ? 'repair' : 'repairs'}`,
  chart: 'Collections by Day',
  chartSummary: (month: string, best: string, day: string) =>
    best === '' ? `No money was collected in ${month}.` : `Highest on ${day}: ${best}.`,
  chartTable: 'Show each day as a table',
  day: 'Day',
  amount: 'Collected',
  csvHint:
    'A file for Excel or Google Sheets: repairs received, or payments and refunds taken, between these dates (both included).',
  repairsCsv: 'Repairs CSV',
  paymentsCsv: 'Payments CSV',
  downloading: 'Preparing the file…',
  downloaded: (fileName: string) => `Saved ${fileName}.`,
  saveRefused: 'The file could not be written where you chose. Please try again, or choose another folder.',
} as const;
