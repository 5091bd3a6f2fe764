import type { Container } from 'inversify';
import type { RandomBytes } from '../../domain/shop/tracking';
import { createUseCases, type UseCaseSettings } from '../../domain/use-cases';
import type { Ports } from '../../ports';
import { portToken, TOKENS } from '../tokens';
import type { ContainerOptions } from './options';

/**
 * The wiring every backend's container shares: it builds its backend's Ports record once and binds it
 * (bindPorts), then the use cases over it (bindUseCases). A new port is a member of Ports and one
 * adapter in each backend's record; nothing here names it.
 */

/** n cryptographically random bytes from the platform (browsers and Node 20). */
export const cryptoRandomBytes: RandomBytes = (n) => globalThis.crypto.getRandomValues(new Uint8Array(n));

/** Binds the use cases over the Ports record the backend's container bound (bindPorts). */
export function bindUseCases(
  container: Container,
  options: Pick<ContainerOptions, 'resetPasswordUrl' | 'random'>,
): void {
  const settings: UseCaseSettings = {
    resetPasswordUrl: options.resetPasswordUrl,
    random: options.random ?? cryptoRandomBytes,
  };
  container
    .bind(TOKENS.UseCases)
    .toResolvedValue((ports: Ports) => createUseCases(ports, settings), [TOKENS.Ports])
    .inSingletonScope();
}

/** Binds a backend's Ports record whole (TOKENS.Ports) and each of its ports by its key (portToken). */
export function bindPorts(container: Container, ports: Ports): void {
  container.bind(TOKENS.Ports).toConstantValue(ports);
  for (const name of Object.keys(ports) as (keyof Ports)[])
    container.bind(portToken(name)).toConstantValue(ports[name]);
}
