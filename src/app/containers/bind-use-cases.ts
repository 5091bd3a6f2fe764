import type { Container } from 'inversify';
import type { RandomBytes } from '../../domain/shop/tracking';
import { createUseCases, type UseCaseSettings } from '../../domain/use-cases';
import type { Ports } from '../../ports';
import { TOKENS } from '../tokens';
import type { ContainerOptions } from './options';

/** n cryptographically random bytes from the platform (browsers and Node 20). */
export const cryptoRandomBytes: RandomBytes = (n) => globalThis.crypto.getRandomValues(new Uint8Array(n));

/** Binds the use cases over whatever adapters the backend's container bound to the port tokens. */
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
    .toResolvedValue(
      (
        auth,
        users,
        stores,
        repairs,
        support,
        wallet,
        config,
        shopMembers,
        shopRepairs,
        tracking,
        photos,
        storeProfiles,
        clock,
        logger,
      ) =>
        createUseCases(
          {
            auth,
            users,
            stores,
            repairs,
            support,
            wallet,
            config,
            shopMembers,
            shopRepairs,
            tracking,
            photos,
            storeProfiles,
            clock,
            logger,
          } satisfies Ports,
          settings,
        ),
      [
        TOKENS.AuthGateway,
        TOKENS.UserRepository,
        TOKENS.StoreRepository,
        TOKENS.RepairRepository,
        TOKENS.SupportIssueRepository,
        TOKENS.WalletLedger,
        TOKENS.AppConfigRepository,
        TOKENS.ShopMembershipRepository,
        TOKENS.ShopRepairRepository,
        TOKENS.TrackingLinkRepository,
        TOKENS.PhotoStore,
        TOKENS.StoreProfileRepository,
        TOKENS.Clock,
        TOKENS.Logger,
      ],
    )
    .inSingletonScope();
}

/** Binds every port of an already-built set of adapters (backends whose adapters share one handle). */
export function bindPorts(container: Container, ports: Ports): void {
  container.bind(TOKENS.AuthGateway).toConstantValue(ports.auth);
  container.bind(TOKENS.UserRepository).toConstantValue(ports.users);
  container.bind(TOKENS.StoreRepository).toConstantValue(ports.stores);
  container.bind(TOKENS.RepairRepository).toConstantValue(ports.repairs);
  container.bind(TOKENS.SupportIssueRepository).toConstantValue(ports.support);
  container.bind(TOKENS.WalletLedger).toConstantValue(ports.wallet);
  container.bind(TOKENS.AppConfigRepository).toConstantValue(ports.config);
  container.bind(TOKENS.ShopMembershipRepository).toConstantValue(ports.shopMembers);
  container.bind(TOKENS.ShopRepairRepository).toConstantValue(ports.shopRepairs);
  container.bind(TOKENS.TrackingLinkRepository).toConstantValue(ports.tracking);
  container.bind(TOKENS.PhotoStore).toConstantValue(ports.photos);
  container.bind(TOKENS.StoreProfileRepository).toConstantValue(ports.storeProfiles);
  container.bind(TOKENS.Clock).toConstantValue(ports.clock);
  container.bind(TOKENS.Logger).toConstantValue(ports.logger);
}
