import { ConsoleLogger } from '../../adapters/console-logger';
import { RestAppConfigReader } from '../../adapters/firebase/firestore-rest-config';
import { RestTrackingReader } from '../../adapters/firebase/firestore-rest-tracking';
import { type PublicReads, publicReads } from '../../domain/public-reads';
import { earlyOrFetch } from '../early-gets';
import { publicRestTarget } from '../public-target';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The public pages' reads on the Firebase build (the landing page's store links, a tracking link's
 * repair and invoice), wired without the container, the SDK or the schema library (issue 19: a visitor
 * who has not signed in downloads their page and these reads only): Firestore's REST API, signed out,
 * on the target public-target.ts reads from the build; GETs the first script started are taken over
 * (early-gets.ts). A build whose settings name no usable target gets the full backend's answer
 * instead: its startup failure names the setting to fix.
 */
export function bootPublicReads(env: Env, fullBackend: () => Promise<PublicReads>): Promise<PublicReads> {
  const target = publicRestTarget(env);
  if (target === null) return fullBackend();
  const tracking = new RestTrackingReader(target, earlyOrFetch);
  return Promise.resolve(
    publicReads({
      tracking,
      invoices: tracking,
      config: new RestAppConfigReader(target, earlyOrFetch),
      logger: new ConsoleLogger(),
    }),
  );
}
