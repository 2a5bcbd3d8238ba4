/**
 * Work a stand-in does later, as its provider would (a confirmation after a minute, a payment
 * expiring after ten), that a test may also bring forward instead of waiting.
 */
export function createDelayedTasks(delayMs: number) {
  const waiting = new Map<NodeJS.Timeout, () => void>();
  let closed = false;
  return {
    schedule(run: () => void): void {
      if (closed) return;
      const timer = setTimeout(() => {
        waiting.delete(timer);
        if (!closed) run();
      }, delayMs);
      waiting.set(timer, run);
    },
    /** Runs every waiting task now; answers how many there were. */
    runNow(): number {
      const due = [...waiting.entries()];
      waiting.clear();
      for (const [timer, run] of due) {
        clearTimeout(timer);
        run();
      }
      return due.length;
    },
    close(): void {
      closed = true;
      for (const timer of waiting.keys()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
