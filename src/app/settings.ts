import type { AppSettings } from '../ui/service-source';

type Env = Readonly<Record<string, string | undefined>>;

const filled = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * What the first paint shows (the product's name and support address) read from the build's VITE_*
 * variables without the schema library, so the first script stays small. The whole configuration is
 * checked by parseAppConfig when the backend loads, right after the first paint; a bad value then
 * replaces the pages with the list of what to fix.
 */
export function readSettings(env: Env): AppSettings {
  const backend = filled(env.VITE_BACKEND);
  return {
    productName: filled(env.VITE_PRODUCT_NAME)?.slice(0, 40) ?? 'RepairMate',
    supportEmail: filled(env.VITE_SUPPORT_EMAIL) ?? 'support@repairmate.app',
    backend: backend === 'memory' || backend === 'firebase' ? backend : 'pouchdb',
  };
}
