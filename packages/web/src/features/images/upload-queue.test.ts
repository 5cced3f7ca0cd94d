import { describe, expect, it } from 'vitest';
import { eachConcurrently } from './upload-queue';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('eachConcurrently', () => {
  it('keeps at most the given number in flight and finishes every item', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await eachConcurrently([30, 5, 20, 1, 10, 2, 8], 3, async (ms, i) => {
      running++;
      peak = Math.max(peak, running);
      await tick(ms);
      running--;
      done.push(i);
    });
    expect(peak).toBe(3);
    expect([...done].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(done).not.toEqual([0, 1, 2, 3, 4, 5, 6]); // finished out of order, so they overlapped
  });

  it('starts items in their order, one at a time when asked', async () => {
    const started: string[] = [];
    await eachConcurrently(['a', 'b', 'c'], 1, async (item) => {
      started.push(item);
      await tick(1);
    });
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('goes on after a failing item when the work reports its own failures', async () => {
    const seen: number[] = [];
    await eachConcurrently([1, 2, 3], 2, async (n) => {
      try {
        if (n === 1) throw new Error('refused');
        seen.push(n);
      } catch {
        seen.push(-n);
      }
    });
    expect(seen.sort()).toEqual([-1, 2, 3]);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await eachConcurrently([], 3, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});
