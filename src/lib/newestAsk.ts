// Requests of which only the newest counts (a courier quote asked again as the address changes): a caller
// that must act on the verdict waits until the newest one started has answered, however many start while
// it waits. Waiting only for the one it started itself read "still asking" when the typing pause's own
// request overtook it: a Continue pressed just after the ZIP code was typed said "Delivery Not Available".
export class NewestAsk {
  private started = 0;
  private newest: Promise<unknown> | null = null;

  /** Starts `ask` as the newest request; it is told, when its answer comes, whether it still is (else it is stale). */
  track<T>(ask: (stillNewest: () => boolean) => Promise<T>): Promise<T> {
    const ticket = ++this.started;
    const asking = ask(() => ticket === this.started);
    this.newest = asking;
    return asking;
  }

  /** Resolves once the newest request started (by the time it resolves) has settled, answered or failed. */
  async settled(): Promise<void> {
    for (let current = this.newest; current; current = this.newest) {
      await current.catch(() => undefined);
      if (current === this.newest) return;
    }
  }
}
