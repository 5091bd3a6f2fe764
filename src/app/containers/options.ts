import type { UseCaseSettings } from '../../domain/use-cases';
import type { Clock } from '../../ports/clock';

export interface ContainerOptions extends UseCaseSettings {
  /** Overrides the system clock (tests, reproducible demos). */
  readonly clock?: Clock;
}
