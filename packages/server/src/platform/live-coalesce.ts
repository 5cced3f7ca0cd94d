/**
 * Live coalescing (docs/decisions/0020-live-coalescing.md): the tracking path's `thing`
 * and `event` messages carry a thing's / an event's whole latest state, so a console needs the
 * latest one, not every repeat. Per key (message type, site, `data._id`) the first
 * message goes out at once; further ones within the window are held, the newer replacing the
 * older, and the latest goes out when the window ends — so a thing (or an open event) read many
 * times a second costs at most one message per window, delivered at most `windowMs` late, and an
 * isolated change is not delayed at all. Every other message (zoneChange, exception, heartbeat,
 * notification) passes through untouched, in order.
 *
 * Everything goes out through one ordered chain, so messages of one key are never reordered.
 */
import type { LiveMessage } from './live.js';

/** Default window (ms): ≤ 10 messages per second per thing, well inside a 250 ms sighting → SSE budget. */
export const LIVE_COALESCE_MS = 100;

export interface Coalescer {
  /**
   * Queues `messages` (in order) and resolves when every one of them — or a newer message that
   * replaced it — has been published. Never rejects (errors go to `onError`).
   */
  push(messages: readonly LiveMessage[]): Promise<void>;
  /** Publishes whatever is held now and waits for the chain. */
  flush(): Promise<void>;
}

/**
 * The key a message is merged under, or undefined for messages that must all be delivered. Thing
 * ids and event ids are unique across organizations, so type, site and id identify one stream.
 */
function coalesceKey(m: LiveMessage): string | undefined {
  if (m.type !== 'thing' && m.type !== 'event') return undefined;
  const id = (m.data as { _id?: unknown } | null)?._id;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return `${m.type === 'thing' ? 't' : 'e'}${m.siteId ?? ''}:${id}`;
}

/** `next` replacing `held`: the latest state, but a thing created in the window stays `created`. */
function merge(held: LiveMessage, next: LiveMessage): LiveMessage {
  if (next.type !== 'thing') return next;
  const before = (held.data as { change?: unknown }).change;
  const after = (next.data as { change?: unknown }).change;
  if (before === 'created' && after === 'updated') {
    return { ...next, data: { ...(next.data as object), change: 'created' } };
  }
  return next;
}

export function createCoalescer(
  publish: (messages: LiveMessage[]) => Promise<void>,
  windowMs: number,
  onError: (err: unknown) => void,
): Coalescer {
  let chain: Promise<void> = Promise.resolve();
  /** Keys sent (or flushed) in the current window: their next message is held. */
  let recent = new Set<string>();
  /** Held messages by key, in first-held order. */
  let held = new Map<string, LiveMessage>();
  let timer: NodeJS.Timeout | undefined;
  /** Resolves when the held messages have gone out (created with the first held message). */
  let flushed: { promise: Promise<void>; resolve: () => void } | undefined;

  const emit = (list: LiveMessage[]): Promise<void> => {
    chain = chain.then(() => publish(list)).catch(onError);
    return chain;
  };

  const tick = () => {
    timer = undefined;
    const list = [...held.values()];
    const waiting = flushed;
    // The keys just flushed stay "recent" for one more window; idle keys are forgotten.
    recent = new Set(held.keys());
    held = new Map();
    flushed = undefined;
    const sent = list.length ? emit(list) : chain;
    if (waiting) void sent.then(waiting.resolve);
    if (recent.size) schedule();
  };

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(tick, windowMs);
    // A held message never keeps the process alive; shutdown flushes (close → flush).
    timer.unref?.();
  };

  return {
    push(messages) {
      if (windowMs <= 0) return messages.length ? emit([...messages]) : Promise.resolve();
      const now: LiveMessage[] = [];
      /** Position in `now` of this push's keyed messages: a later one of the same key replaces it. */
      const at = new Map<string, number>();
      let holding = false;
      for (const m of messages) {
        const key = coalesceKey(m);
        if (key === undefined) {
          now.push(m);
          continue;
        }
        const there = at.get(key);
        if (there !== undefined) {
          now[there] = merge(now[there] as LiveMessage, m);
          continue;
        }
        if (recent.has(key)) {
          const before = held.get(key);
          held.set(key, before ? merge(before, m) : m);
          holding = true;
          continue;
        }
        recent.add(key);
        at.set(key, now.length);
        now.push(m);
      }
      if (recent.size) schedule();
      const sent = now.length ? emit(now) : Promise.resolve();
      if (!holding) return sent;
      if (!flushed) {
        let resolve: () => void = () => undefined;
        const promise = new Promise<void>((r) => {
          resolve = r;
        });
        flushed = { promise, resolve };
      }
      return Promise.all([sent, flushed.promise]).then(() => undefined);
    },
    async flush() {
      clearTimeout(timer);
      timer = undefined;
      tick();
      clearTimeout(timer);
      timer = undefined;
      recent.clear();
      await chain;
    },
  };
}
