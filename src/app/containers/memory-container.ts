import { Container } from 'inversify';
import { ConsoleLogger } from '../../adapters/console-logger';
import { createMemoryBackend } from '../../adapters/memory/memory-backend';
import { generateDemoData } from '../../demo/demo-data';
import type { AppConfig } from '../config';
import { TOKENS } from '../tokens';
import { bindPorts, bindUseCases } from './bind-use-cases';
import type { ContainerOptions } from './options';

/** Everything in memory: for tests and for a throwaway demo that forgets on reload. */
export async function createMemoryContainer(
  config: Extract<AppConfig, { backend: 'memory' }>,
  options: ContainerOptions,
): Promise<Container> {
  const backend = createMemoryBackend({
    productName: config.productName,
    ...(options.clock ? { clock: options.clock } : {}),
    logger: options.logger ?? new ConsoleLogger(),
  });
  const load = () => backend.seeder.load(generateDemoData(backend.ports.clock.now()));
  if (config.seedDemo) await load();
  const container = new Container();
  container.bind(TOKENS.AppConfig).toConstantValue(config);
  bindPorts(container, backend.ports);
  container.bind(TOKENS.Seeder).toConstantValue(backend.seeder);
  container.bind(TOKENS.DemoMailbox).toConstantValue(backend.mailbox);
  container.bind(TOKENS.DemoSmsInbox).toConstantValue(backend.sms);
  container.bind(TOKENS.DemoControls).toConstantValue({
    reset: async () => {
      await backend.ports.auth.signOut();
      backend.db.clear();
      await load();
    },
  });
  bindUseCases(container, options);
  return container;
}
