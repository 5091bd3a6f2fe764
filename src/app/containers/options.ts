import type { RandomBytes } from '../../domain/shop/tracking';
import type { UseCaseSettings } from '../../domain/use-cases';
import type { Clock } from '../../ports/clock';
import type { Logger } from '../../ports/logger';

export interface ContainerOptions extends Omit<UseCaseSettings, 'random'> {
  /** Random bytes for delivery codes and tracking tokens; crypto.getRandomValues by default. */
  readonly random?: RandomBytes;
  /** Overrides the system clock (tests, reproducible demos). */
  readonly clock?: Clock;
  /** Where the causes of failures go (tests keep them in memory); the browser console by default. */
  readonly logger?: Logger;
}
