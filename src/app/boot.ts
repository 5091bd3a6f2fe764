import { type AppServices, StartupFailure } from '../ui/service-source';
import { ConfigError, parseAppConfig } from './config';
import { createAppContainer } from './create-container';
import { resolveServices } from './resolve-services';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Checks the whole configuration, builds the configured backend's container and resolves what the UI
 * needs. Loaded by main.tsx with a dynamic import after the first paint (or when a route needs data).
 */
export async function boot(env: Env, origin: string): Promise<AppServices> {
  try {
    const config = parseAppConfig(env);
    const container = await createAppContainer(config, { resetPasswordUrl: `${origin}/reset-password` });
    return await resolveServices(container, config);
  } catch (error) {
    console.error(error);
    if (error instanceof ConfigError) throw new StartupFailure(true, error.problems);
    throw new StartupFailure(false, [error instanceof Error ? error.message : String(error)]);
  }
}
