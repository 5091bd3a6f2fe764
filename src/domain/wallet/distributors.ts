import { includesIgnoringCase } from '../shared/text';
import { mobileOf, type UserProfile } from '../users/user';

/**
 * The distributor search: name or e-mail contains the query (case-insensitive), or the mobile number
 * contains it (as typed, spaces ignored). A blank query keeps everyone.
 */
export function matchesDistributorSearch(distributor: UserProfile, query: string): boolean {
  const wanted = query.trim();
  if (wanted === '') return true;
  if (includesIgnoringCase(distributor.name, wanted) || includesIgnoringCase(distributor.email, wanted))
    return true;
  const digits = wanted.replace(/\s+/g, '');
  return digits !== '' && mobileOf(distributor).replace(/\s+/g, '').includes(digits);
}

export function filterDistributors(distributors: readonly UserProfile[], query: string): UserProfile[] {
  return distributors.filter((distributor) => matchesDistributorSearch(distributor, query));
}
