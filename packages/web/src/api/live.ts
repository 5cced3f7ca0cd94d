/**
 * The live client (DESIGN §2 "live"): ONE EventSource per tab on `GET /api/live?site=<selected>`.
 * Each message invalidates the TanStack Query keys of the resource it changes (throttled: at most
 * once per second per resource), is handed to screens that subscribed with `useLiveEvents`, and a
 * `notification` shows in the error bar. Screens poll only while `useLiveConnected()` is false.
 */
import { useQueryClient } from '@tanstack/react-query';
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
import { toSearch } from './client';
import { useSession } from './session-context';

export const LIVE_TYPES = ['event', 'zoneChange', 'thing', 'exception', 'heartbeat', 'notification'] as const;
export type LiveType = (typeof LIVE_TYPES)[number];
export type LiveHandler = (data: unknown) => void;

/** Query keys each message type makes stale (keys start with the resource path, see keys.ts). */
export const LIVE_INVALIDATES: Record<LiveType, readonly (readonly string[])[]> = {
  event: [['events']],
  zoneChange: [['things'], ['zones', 'overview'], ['zonedurations']],
  thing: [['things'], ['zones', 'overview']],
  exception: [['exceptions']],
  heartbeat: [['endpoints']],
  notification: [],
};

export const LIVE_THROTTLE_MS = 1000;
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

/** What a notification message carries that is worth showing. */
export function notificationText(data: unknown): string | undefined {
  const d = data as { message?: unknown; text?: unknown } | null;
  const text = typeof d?.message === 'string' ? d.message : typeof d?.text === 'string' ? d.text : undefined;
  return text?.trim() || undefined;
}

interface LiveContextValue {
  connected: boolean;
  subscribe: (type: LiveType, handler: LiveHandler) => () => void;
}
const LiveContext = createContext<LiveContextValue>({ connected: false, subscribe: () => () => undefined });

export function LiveProvider({ children }: { children: ReactNode }) {
  const { siteId } = useSession();
  const client = useQueryClient();
  const notify = useNotify();
  const [connected, setConnected] = useState(false);
  const handlers = useRef(new Map<LiveType, Set<LiveHandler>>());
  const notifyRef = useRef(notify);
  notifyRef.current = notify;

  useEffect(() => {
    if (!siteId || typeof EventSource === 'undefined') return;
    const throttle = createThrottle(
      (key) => void client.invalidateQueries({ queryKey: JSON.parse(key) as string[] }),
      LIVE_THROTTLE_MS,
    );
    const invalidate = (type: LiveType) => {
      for (const key of LIVE_INVALIDATES[type]) throttle.call(JSON.stringify(key));
    };
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let closed = false;

    const deliver = (type: LiveType, raw: string) => {
      let data: unknown;
      try {
        data = JSON.parse(raw);
      } catch {
        return;
      }
      invalidate(type);
      if (type === 'notification') {
        const text = notificationText(data);
        if (text) notifyRef.current.show(text, 'info');
      }
      for (const handler of handlers.current.get(type) ?? []) handler(data);
    };

    const open = () => {
      const es = new EventSource(`/api/live${toSearch({ site: siteId })}`, { withCredentials: true });
      source = es;
      es.onopen = () => {
        // Whatever changed while the stream was down (or before it opened) is refetched once.
        if (failures > 0) for (const type of LIVE_TYPES) invalidate(type);
        failures = 0;
        setConnected(true);
      };
      es.onerror = () => {
        es.close();
        setConnected(false);
        if (closed) return;
        failures += 1;
        retry = setTimeout(open, retryDelay(failures));
      };
      for (const type of LIVE_TYPES)
        es.addEventListener(type, (e) => deliver(type, (e as MessageEvent).data));
    };
    open();

    return () => {
      closed = true;
      clearTimeout(retry);
      source?.close();
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

/** Calls `handler` with the payload of every `type` message of the selected site. */
export function useLiveEvents<T = unknown>(type: LiveType, handler: (data: T) => void): void {
  const { subscribe } = useContext(LiveContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribe(type, (data) => latest.current(data as T)), [subscribe, type]);
}

/** `refetchInterval` for a screen's query: poll every `ms` only while the stream is down. */
export function useFallbackPolling(ms: number): number | false {
  return useLiveConnected() ? false : ms;
}
