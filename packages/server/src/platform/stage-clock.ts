/**
 * Where a request's time goes, stage by stage, for benchmarks (bench/images.ts): the stages are
 * timed always (a few `performance.now()` calls) and published on a diagnostics channel only when
 * something subscribes, so production pays nothing that shows.
 */
import { channel } from 'node:diagnostics_channel';

export interface StageClock {
  /** Runs `work`, adding its wall time to `stage` (stages that overlap each count their own time). */
  time<T>(stage: string, work: () => Promise<T>): Promise<T>;
  /** Publishes the stages (ms) and `extra` on the channel, when anyone listens. */
  publish(extra?: Record<string, unknown>): void;
}

export function stageClock(channelName: string): StageClock {
  const started = performance.now();
  const stages: Record<string, number> = {};
  return {
    async time(stage, work) {
      const t0 = performance.now();
      try {
        return await work();
      } finally {
        stages[stage] = (stages[stage] ?? 0) + performance.now() - t0;
      }
    },
    publish(extra = {}) {
      const target = channel(channelName);
      if (target.hasSubscribers)
        target.publish({ ...extra, stages: { ...stages }, total: performance.now() - started });
    },
  };
}
