/**
 * The live client (docs/decisions/0021-live-data-in-the-console.md): ONE stream per tab on
 * `GET /api/live?site=<selected>`, read with fetch rather than EventSource so that a refusal's
 * status is known: a 401 goes to the login page like every 401, a site out of reach stops the
 * stream, 429 (too many streams) waits 30 s. Each frame is parsed with the shared `LiveMessage`
 * (a frame of an unknown type, or whose data does not match its type, is dropped), applied to the
 * cache by its rule (the `rules` the shell passes, app/live-rules.ts: state written in place, or
 * queries made stale, throttled to once per second per key), handed to screens that subscribed with
 * `useLiveEvents`, and a `notification` shows in the error bar. Screens poll only while
 * `useLiveConnected()` is false.
 */

import {
  LIVE_REVOKED_EVENT,
  type LiveData,
  type LiveMessage,
  LiveRevoked,
  type LiveType,
  parseLiveFrame,
} from '@sightline/shared';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNotify } from '../components/notify';
import { hasSessionEnded, reportUnauthorized, toSearch } from './client';
import type { LiveCacheContext } from './live-cache';
import { useSession } from './session-context';

/** What one type of message does to the cached data. */
type LiveRule<T extends LiveType> = (data: LiveData<T>, context: LiveCacheContext) => void;
export type LiveRules = { [T in LiveType]: LiveRule<T> };

/** Applies a parsed message with its type's rule. */
function applyLiveMessage(rules: LiveRules, message: LiveMessage, context: LiveCacheContext): void {
  (rules[message.type] as LiveRule<typeof message.type>)(message.data, context);
}

const LIVE_THROTTLE_MS = 1000;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * Runs `run(key)` at most once per `intervalMs` per key: the first call runs at once, calls inside
 * the interval collapse into one trailing run at its end.
 */
export function createThrottle(run: (key: string) => void, intervalMs: number, now = () => Date.now()) {
  const last = new Map<string, number>();
  const pending = new Map<string, ReturnType<typeof setTimeout>>();
  const fire = (key: string) => {
    pending.delete(key);
    last.set(key, now());
    run(key);
  };
  return {
    call(key: string) {
      if (pending.has(key)) return;
      const wait = (last.get(key) ?? Number.NEGATIVE_INFINITY) + intervalMs - now();
      if (wait <= 0) fire(key);
      else
        pending.set(
          key,
          setTimeout(() => fire(key), wait),
        );
    },
    cancel() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

/** Reconnect delay after `failures` failed attempts in a row: 1 s doubling up to 30 s. */
export const retryDelay = (failures: number) =>
  Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.max(0, failures - 1));

/** One Server-Sent Events frame: its event name ('message' when unnamed) and its data lines. */
export interface SseFrame {
  event: string;
  data: string;
}

/** The complete frames at the front of `buffer` (a blank line ends one), and the unfinished rest. */
export function takeFrames(buffer: string): { frames: SseFrame[]; rest: string } {
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const frames: SseFrame[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) frames.push({ event, data: data.join('\n') });
  }
  return { frames, rest };
}

/** How a connection ended: revoked by the server, refused with a status, or dropped. */
export type LiveEnd =
  | { kind: 'revoked'; status: number; message: string }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'dropped' };

function revokedEnd(raw: string): LiveEnd {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    data = undefined;
  }
  const parsed = LiveRevoked.safeParse(data);
  return parsed.success
    ? { kind: 'revoked', ...parsed.data }
    : { kind: 'revoked', status: 401, message: 'Live updates ended' };
}

async function refusalText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: the text itself, or the status
  }
  return text || res.statusText || `HTTP ${res.status}`;
}

/** A refused stream (too many open) is tried again after this long: another tab may close. */
export const LIVE_BUSY_RETRY_MS = 30_000;

export type LiveStep =
  | { action: 'login' }
  | { action: 'stop'; message: string }
  | { action: 'retry'; delayMs: number; message?: string };

/**
 * What to do after the `failures`-th end in a row. A lost session goes to the login page like
 * every 401; a site out of reach (or any other refusal that retrying cannot change) stops the
 * stream; too many streams waits long; a dropped connection or a server error backs off.
 */
export function nextStep(end: LiveEnd, failures: number): LiveStep {
  if (end.kind === 'dropped') return { action: 'retry', delayMs: retryDelay(failures) };
  if (end.status === 401) return { action: 'login' };
  const message = `Live updates stopped: ${end.message}`;
  if (end.status === 429)
    return { action: 'retry', delayMs: Math.max(LIVE_BUSY_RETRY_MS, retryDelay(failures)), message };
  if (end.kind === 'revoked' || (end.status >= 400 && end.status < 500)) return { action: 'stop', message };
  return { action: 'retry', delayMs: retryDelay(failures) };
}

/** What a notification message carries that is worth showing. */
export function notificationText(data: unknown): string | undefined {
  const d = data as { message?: unknown; text?: unknown } | null;
  const text = typeof d?.message === 'string' ? d.message : typeof d?.text === 'string' ? d.text : undefined;
  return text?.trim() || undefined;
}

type LiveHandler = (message: LiveMessage) => void;

interface LiveContextValue {
  connected: boolean;
  subscribe: (type: LiveType, handler: LiveHandler) => () => void;
}
const LiveContext = createContext<LiveContextValue>({ connected: false, subscribe: () => () => undefined });

export interface LiveProviderProps {
  rules: LiveRules;
  /** Refetched once after a reconnect (and when the stream opens late): what changed meanwhile. */
  resync: readonly QueryKey[];
  children: ReactNode;
}

export function LiveProvider({ rules, resync, children }: LiveProviderProps) {
  const { siteId } = useSession();
  const client = useQueryClient();
  const notify = useNotify();
  const [connected, setConnected] = useState(false);
  const handlers = useRef(new Map<LiveType, Set<LiveHandler>>());
  const notifyRef = useRef(notify);
  notifyRef.current = notify;
  const rulesRef = useRef({ rules, resync });
  rulesRef.current = { rules, resync };

  useEffect(() => {
    if (!siteId || typeof fetch === 'undefined') return;
    const throttle = createThrottle(
      (key) => void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }),
      LIVE_THROTTLE_MS,
    );
    const context: LiveCacheContext = { client, invalidate: (key) => throttle.call(JSON.stringify(key)) };
    const abort = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let lastRefusal: string | undefined;

    const deliver = (message: LiveMessage) => {
      applyLiveMessage(rulesRef.current.rules, message, context);
      if (message.type === 'notification') {
        const text = notificationText(message.data);
        if (text) notifyRef.current.show(text, 'info');
      }
      for (const handler of handlers.current.get(message.type) ?? []) handler(message);
    };

    /** One connection, from the request to its end; says how it ended. */
    const connect = async (): Promise<LiveEnd> => {
      const res = await fetch(`/api/live${toSearch({ site: siteId })}`, {
        headers: { accept: 'text/event-stream' },
        credentials: 'same-origin',
        cache: 'no-store',
        signal: abort.signal,
      });
      if (!res.ok || !res.body)
        return { kind: 'refused', status: res.status, message: await refusalText(res) };
      // Whatever changed while the stream was down (or before it opened) is refetched once.
      if (failures > 0) for (const key of rulesRef.current.resync) context.invalidate(key);
      failures = 0;
      lastRefusal = undefined;
      setConnected(true);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return { kind: 'dropped' };
        const { frames, rest } = takeFrames(buffer + value);
        buffer = rest;
        for (const frame of frames) {
          if (frame.event === LIVE_REVOKED_EVENT) return revokedEnd(frame.data);
          const message = parseLiveFrame(frame.event, frame.data);
          if (message) deliver(message);
        }
      }
    };

    const run = async () => {
      const end = await connect().catch((): LiveEnd => ({ kind: 'dropped' }));
      if (abort.signal.aborted) return;
      setConnected(false);
      // Signed out (here or in another tab): the login page is on its way; nothing to reconnect.
      if (hasSessionEnded()) return;
      failures += 1;
      const step = nextStep(end, failures);
      if (step.action === 'login') return reportUnauthorized();
      // A refusal is shown once, not at every retry; screens fall back to polling meanwhile.
      if (step.message && step.message !== lastRefusal) notifyRef.current.show(step.message, 'warning');
      lastRefusal = step.message;
      if (step.action === 'retry') retry = setTimeout(() => void run(), step.delayMs);
    };
    void run();

    return () => {
      abort.abort();
      clearTimeout(retry);
      throttle.cancel();
      setConnected(false);
    };
  }, [siteId, client]);

  const subscribe = useCallback((type: LiveType, handler: LiveHandler) => {
    const set = handlers.current.get(type) ?? new Set();
    handlers.current.set(type, set);
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }, []);
  const value = useMemo<LiveContextValue>(() => ({ connected, subscribe }), [connected, subscribe]);
  return createElement(LiveContext.Provider, { value }, children);
}

/** Whether the live stream is open; screens fall back to polling while it is not. */
export function useLiveConnected(): boolean {
  return useContext(LiveContext).connected;
}

/** `refetchInterval` for a screen's query: poll every `ms` only while the stream is down. */
export function useFallbackPolling(ms: number): number | false {
  return useLiveConnected() ? false : ms;
}

/** Calls `handler` with each live message of `type` while the calling screen is mounted. */
export function useLiveMessages<T extends LiveType>(type: T, handler: (data: LiveData<T>) => void): void {
  const { subscribe } = useContext(LiveContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () =>
      subscribe(type, (message) => {
        if (message.type === type) latest.current(message.data as LiveData<T>);
      }),
    [subscribe, type],
  );
}
