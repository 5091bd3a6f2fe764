import type { Clock } from '../ports/clock';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
