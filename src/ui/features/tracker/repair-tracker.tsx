import type { UserProfile } from '../../../domain/users/user';
import { useSession } from '../../session';
import { PhoneVerification } from './phone-verification';
import { RepairSearch } from './repair-search';

/*
 * The customer's dashboard (/dashboard, role user), in three files by concern: this one (whether the
 * customer's number is verified), repair-search.tsx (the Repair ID form and its answer) and
 * repair-details.tsx (one repair's card). The dashboard shows it; the tracker owns its reads.
 */

/**
 * The customer's dashboard: look a repair up by its Repair ID and see how it is going. Repairs open to
 * the customer whose verified mobile number they were booked under, so an unverified customer first
 * proves their number.
 */
export function RepairTracker({ viewer }: { viewer: UserProfile }) {
  const session = useSession();
  const verified = session.status === 'signed-in' ? session.user.phoneNumber : null;
  const name = viewer.name.trim();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name ? `Hello, ${name}` : 'Hello'}</h1>
        <p className="mt-1 text-slate-600">
          Track your repair: see where your device is, what it costs and when it is ready.
        </p>
      </div>
      {verified === null ? (
        <PhoneVerification viewer={viewer} />
      ) : (
        <RepairSearch viewer={viewer} verifiedPhone={verified} />
      )}
    </div>
  );
}
