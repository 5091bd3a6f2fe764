import type { UserProfile } from './user';

/**
 * The roles the web knows, and their predicates. Kept apart from the profile parser (and its schema
 * library) so that the router's access checks stay in the first script a page loads.
 */
export const ROLES = { superAdmin: 'sa', user: 'user', distributor: 'distributor' } as const;

export type SuperAdminProfile = UserProfile & { readonly role: typeof ROLES.superAdmin };
export type DistributorProfile = UserProfile & { readonly role: typeof ROLES.distributor };

export function isSuperAdmin(profile: UserProfile | null | undefined): profile is SuperAdminProfile {
  return profile?.role === ROLES.superAdmin;
}

export function isDistributor(profile: UserProfile | null | undefined): profile is DistributorProfile {
  return profile?.role === ROLES.distributor;
}
