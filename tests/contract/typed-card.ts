import { emptyJobCard, type JobCardInput } from '../../src/domain/shop/job-card';

/**
 * A job card as typed at the counter (Cara Customer's Galaxy S21, ₹2,800 estimate, ₹500 advance);
 * `overrides` change fields. Shared by the contract suites and the use-case tests.
 */
export function typedCard(overrides: Partial<JobCardInput> = {}): JobCardInput {
  return {
    ...emptyJobCard(),
    customerName: 'Cara Customer',
    customerMobile: '+91 98765 43210',
    deviceType: 'Mobile',
    brandModel: 'Galaxy S21',
    problems: ['Screen broken'],
    estimate: '2800',
    advancePaid: '500',
    unlockCode: '1234',
    ...overrides,
  };
}
