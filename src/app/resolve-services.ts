import type { Container } from 'inversify';
import type { AppServices } from '../ui/app-services';
import type { AppConfig } from './config';
import { TOKENS } from './tokens';

/** Resolves what the UI needs from a backend's container. */
export async function resolveServices(container: Container, config: AppConfig): Promise<AppServices> {
  const useCases = await container.getAsync(TOKENS.UseCases);
  const mailbox = container.isBound(TOKENS.DemoMailbox) ? await container.getAsync(TOKENS.DemoMailbox) : null;
  const controls = container.isBound(TOKENS.DemoControls)
    ? await container.getAsync(TOKENS.DemoControls)
    : null;
  return {
    useCases,
    demo: mailbox !== null && controls !== null ? { mailbox, controls } : null,
    settings: { productName: config.productName, supportEmail: config.supportEmail, backend: config.backend },
  };
}
