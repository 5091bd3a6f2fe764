import type { Container, ServiceIdentifier } from 'inversify';
import type { AppServices } from '../ui/service-source';
import type { AppConfig } from './config';
import { TOKENS } from './tokens';

/** Resolves what the UI needs from a backend's container. */
export async function resolveServices(container: Container, config: AppConfig): Promise<AppServices> {
  const useCases = await container.getAsync(TOKENS.UseCases);
  const optional = async <T>(token: ServiceIdentifier<T>): Promise<T | null> =>
    container.isBound(token) ? container.getAsync(token) : null;
  const [mailbox, sms, controls, arrivals] = await Promise.all([
    optional(TOKENS.DemoMailbox),
    optional(TOKENS.DemoSmsInbox),
    optional(TOKENS.DemoControls),
    optional(TOKENS.Arrivals),
  ]);
  return {
    useCases,
    demo: mailbox !== null && sms !== null ? { mailbox, sms, controls } : null,
    settings: { productName: config.productName, supportEmail: config.supportEmail, backend: config.backend },
    arrivals,
  };
}
