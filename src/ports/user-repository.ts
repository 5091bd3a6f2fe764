import type { NewUserRecord, UserProfile } from '../domain/users/user';

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
 * The users collection (documents keyed by the authentication uid).
 * Security (enforced by every backend, not only by the UI):
 *  - createProfile: only the signed-in user, for their own uid, with role 'user' or 'distributor'
 *    and no wallet balance; anything else rejects with PortError 'permission-denied'.
 *  - listByRole, countAll, countBusinessUsers, pageBusinessUsers: super admin only.
 */
export interface UserRepository {
  get(uid: string): Promise<UserProfile | null>;
  createProfile(uid: string, record: NewUserRecord): Promise<void>;
  /** Users whose role equals `role`, ordered by name. */
  listByRole(role: string): Promise<UserProfile[]>;
  countAll(): Promise<number>;
  countBusinessUsers(): Promise<number>;
  /** Business users matching the search, ordered by business name (case-insensitive), then uid. */
  pageBusinessUsers(query: BusinessUserQuery): Promise<Page<BusinessUser>>;
}
