/**
 * Runs `work` over `items` with at most `concurrency` in flight, in the items' order of start.
 * A failed item does not stop the others: `work` reports its own failures. Resolves when every
 * item has finished.
 */
export async function eachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  const workers = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
}
