import type { Container } from 'inversify';
import type { AppConfig } from './config';
import type { ContainerOptions } from './containers/options';

/**
 * Builds the container of the configured backend. Each backend's adapters are loaded with a dynamic
 * import, so the bundler puts them in their own chunks and a page downloads only the backend it runs on.
 */
export async function createAppContainer(config: AppConfig, options: ContainerOptions): Promise<Container> {
  switch (config.backend) {
    case 'memory': {
      const { createMemoryContainer } = await import('./containers/memory-container');
      return createMemoryContainer(config, options);
    }
    case 'pouchdb': {
      const { createPouchContainer } = await import('./containers/pouchdb-container');
      return createPouchContainer(config, options);
    }
    case 'firebase': {
      const { createFirebaseContainer } = await import('./containers/firebase-container');
      return createFirebaseContainer(config, options);
    }
  }
}
