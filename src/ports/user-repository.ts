import type { PublicProfile } from '../domain/users/public-profile';
import type { NewUserRecord, ProfilePatch, UserProfile } from '../domain/users/user';

/** A user who owns at least one store, with the ids of those stores. */
export interface BusinessUser {
  readonly profile: UserProfile;
  readonly storeIds: readonly string[];
}

export interface BusinessUserQuery {
  /** Case-insensitive substring of the business name (businessName, else name) or the e-mail. */
  readonly search: string;
  readonly offset: number;
  readonly limit: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  /** Number of items matching the query, over all pages. */
  readonly total: number;
}

/**
 * The users collection (documents keyed by the authentication uid), and the businesses' public
 * profiles. Security (enforced by every backend, not only by the UI):
 *  - get: the account's own document, or any for a super admin; 'permission-denied' otherwise.
 *    A document that does not exist reads as null to its own account and to a super admin.
 *  - createProfile: only the signed-in user, for their own uid, with role 'user' or 'distributor'
 *    and no wallet balance; anything else rejects with PortError 'permission-denied'.
 *  - updateOwnProfile: the signed-in account's own document, only EDITABLE_PROFILE_FIELDS, each
 *    capped; never role, wallet or agreements. No client ever deletes a users document.
 *  - getPublicProfile: any signed-in account; savePublicProfile: the signed-in account's own.
 *  - listByRole, countAll, countBusinessUsers, pageBusinessUsers: super admin only.
 */
export interface UserRepository {
  get(uid: string): Promise<UserProfile | null>;
  createProfile(uid: string, record: NewUserRecord): Promise<void>;
  updateOwnProfile(patch: ProfilePatch): Promise<void>;
  getPublicProfile(uid: string): Promise<PublicProfile | null>;
  savePublicProfile(fields: Omit<PublicProfile, 'uid'>): Promise<void>;
  /** Users whose role equals `role`, ordered by name. */
  listByRole(role: string): Promise<UserProfile[]>;
  countAll(): Promise<number>;
  countBusinessUsers(): Promise<number>;
  /** Business users matching the search, ordered by business name (case-insensitive), then uid. */
  pageBusinessUsers(query: BusinessUserQuery): Promise<Page<BusinessUser>>;
}
