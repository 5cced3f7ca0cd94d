/**
 * At most so many of one kind of work in progress per key (an organization) on this server, for
 * work whose memory grows with its input: one tenant's uploads cannot take the memory every tenant
 * shares. A request over the limit is refused at once (429), not queued, so nothing waits holding
 * a body in memory.
 */
import { HttpError } from './errors.js';

export function inProgressLimit(max: number, busyMessage: string) {
  const running = new Map<string, number>();
  return async function run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const now = running.get(key) ?? 0;
    if (now >= max) throw new HttpError(429, busyMessage);
    running.set(key, now + 1);
    try {
      return await work();
    } finally {
      const left = (running.get(key) ?? 1) - 1;
      if (left) running.set(key, left);
      else running.delete(key);
    }
  };
}
