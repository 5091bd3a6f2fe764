/**
 * One task at a time per key, in the order asked, within this client: the repairs adapters run the
 * payments of one repair one after another, so a burst of payments on one device does not race itself
 * (other devices are the backend's concern: revisions, transactions).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
