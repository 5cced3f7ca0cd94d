/**
 * A step run every `intervalMs` after the previous run ends (never two at once), that can also be
 * run by hand (tests) and stopped: `stop()` resolves once a run in progress has finished, so a
 * caller can close the database after it. Used by the job scheduler and the reader simulator.
 */
interface Repeater<T> {
  /** Runs the step now, by hand, and resolves with its result; stop() waits for it too. */
  run(): Promise<T>;
  /** Runs another piece of work now (e.g. the step with arguments); stop() waits for it too. */
  track<R>(work: () => Promise<R>): Promise<R>;
  start(): void;
  stop(): Promise<void>;
}

export function createRepeater<T>(
  step: () => Promise<T>,
  intervalMs: number,
  onError: (err: unknown) => void,
): Repeater<T> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = step().catch(onError).finally(schedule);
    }, intervalMs);
  }

  function track<R>(work: () => Promise<R>): Promise<R> {
    const result = work();
    running = running.then(() => result).catch(() => undefined);
    return result;
  }

  return {
    run: () => track(step),
    track,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
