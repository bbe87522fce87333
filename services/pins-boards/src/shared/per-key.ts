/**
 * Runs calls that share a key one after another, in this process, and calls with other keys
 * side by side. The counting handlers use it per board: Kafka hands this process several
 * partitions at once, and two counts of one board patching its owner's list entry with the
 * board's counters must not land in the opposite order of their counts.
 */
export class PerKey {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    // Runs after the one before, whether it succeeded or not.
    const result = before.then(fn, fn);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with calls running or waiting (for tests: nothing is kept once they are done). */
  get size(): number {
    return this.tails.size;
  }
}
