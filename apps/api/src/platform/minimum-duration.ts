/**
 * Runs `work` and settles no earlier than `minimumMs` after it started, whether it succeeded or
 * failed: an answer that takes as long either way tells an observer nothing about which way it went
 * (say, whether an address has an account).
 */
export async function withMinimumDuration<T>(minimumMs: number, work: () => Promise<T>): Promise<T> {
  const floor = new Promise<void>((resolve) => setTimeout(resolve, minimumMs));
  try {
    return await work();
  } finally {
    await floor;
  }
}
