/** The current time. Injected so that use cases and adapters can be tested at a fixed instant. */
export interface Clock {
  now(): Date;
}
