/**
 * The LLRP client (docs/readers.md, LLRP): one TCP (or TLS) connection to a reader, opened by
 * Sightline. Per connection: wait for the reader's ConnectionAttemptEvent (a reader with a client
 * already refuses), read its capabilities, configure keepalives, event notifications and reports,
 * replace Sightline's ROSpec with one reading the endpoint's antennas, enable it, then hand every
 * RO_ACCESS_REPORT and READER_EVENT_NOTIFICATION to the owner and acknowledge keepalives. A reader
 * that stays silent for three keepalive intervals is gone. Reconnects with exponential backoff
 * until `stop()`, which closes the session with CLOSE_CONNECTION.
 */
import net from 'node:net';
import tls from 'node:tls';
import { REFUSED_ADDRESS_CODE } from '../../platform/address-guard.js';
import {
  decodeReaderCapabilitiesResponse,
  decodeReaderEventNotification,
  decodeRoAccessReport,
  decodeStatusResponse,
  encodeAddRospec,
  encodeGetReaderCapabilities,
  encodeMessage,
  encodeRospecId,
  encodeSetReaderConfig,
  type LlrpMessage,
  type LlrpStatus,
  MessageReader,
  MessageType,
  messageName,
  type ReaderEvent,
  ReaderEventType,
  type TagReport,
} from '../../tracking/formats/llrp/codec.js';
import type { ConnectionState } from './state.js';

/** Tag reports received and not yet stored past which the client stops reading the socket. */
const QUEUED_REPORTS_MAX = 16;

/** The ROSpec Sightline owns on a reader; it replaces only this one. */
export const SIGHTLINE_ROSPEC_ID = 0x5347_4c01;
export const LLRP_PORT = 5084;
export const LLRP_TLS_PORT = 5085;

/** The reader's answers to a ConnectionAttemptEvent, as the standard numbers them. */
const CONNECTION_ATTEMPT_TEXT: Record<number, string> = {
  1: 'the reader refused the connection: another client is connected to it',
  2: 'the reader refused the connection: it has opened one of its own',
  3: 'the reader refused the connection: a connection attempt failed',
  4: 'the reader refused the connection: another connection was attempted',
};

export interface LlrpClientOptions {
  host: string;
  port: number;
  tls: boolean;
  /** Reader antenna ids to read; empty = all. */
  antennas: number[];
  keepaliveMs?: number;
  /** Answers the reader must give within this time. */
  timeoutMs?: number;
  backoff?: { initialMs: number; maxMs: number };
  /** How the host name is resolved (readerLookup: refuses loopback and link-local addresses). */
  lookup?: net.LookupFunction;
  /** Tag reports, in order; the next report waits for this to settle. */
  onTags: (tags: TagReport[]) => Promise<void>;
  onEvent: (event: ReaderEvent) => void;
  onState: (state: ConnectionState, error: string | null) => void;
}

interface Pending {
  expect: number;
  resolve: (m: LlrpMessage) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** A failure worth `error` (the reader answered, but not as asked) rather than `disconnected`. */
class RefusedError extends Error {}

export class LlrpClient {
  private socket: net.Socket | undefined;
  private stopped = false;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private tagQueue: Promise<void> = Promise.resolve();
  private queuedReports = 0;
  private announce: ((m: LlrpMessage) => void) | undefined;
  private ready = false;

  constructor(private readonly options: LlrpClientOptions) {}

  private get keepaliveMs() {
    return this.options.keepaliveMs ?? 10_000;
  }
  private get timeoutMs() {
    return this.options.timeoutMs ?? 10_000;
  }

  start(): void {
    this.stopped = false;
    this.options.onState('connecting', null);
    void this.connect();
  }

  /** Closes the session politely (CLOSE_CONNECTION, then the socket) and stops reconnecting. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.silenceTimer);
    const socket = this.socket;
    if (socket && !socket.destroyed) {
      if (this.ready)
        await this.request(MessageType.CLOSE_CONNECTION, MessageType.CLOSE_CONNECTION_RESPONSE).catch(
          () => {},
        );
      socket.end();
      socket.destroy();
    }
    await this.tagQueue;
    this.options.onState('disconnected', 'stopped');
  }

  private async connect(): Promise<void> {
    const { host, port, lookup } = this.options;
    const socket = this.options.tls
      ? tls.connect({ host, port, lookup, rejectUnauthorized: false })
      : net.connect({ host, port, lookup });
    this.socket = socket;
    this.ready = false;
    socket.setNoDelay(true);
    const reader = new MessageReader();
    let failure: Error | undefined;
    const fail = (err: Error) => {
      failure ??= err;
      socket.destroy();
    };
    socket.setTimeout(this.timeoutMs, () =>
      fail(new Error(`no answer from ${host}:${port} within ${this.timeoutMs / 1000} s`)),
    );
    socket.on('data', (chunk: Buffer) => {
      this.armSilence(socket);
      try {
        for (const message of reader.push(chunk)) this.dispatch(message);
      } catch (err) {
        fail(new RefusedError(`the reader sent bytes that are not LLRP: ${(err as Error).message}`));
      }
    });
    socket.on('error', (err) => fail(err));
    socket.on('close', () => {
      clearTimeout(this.silenceTimer);
      for (const p of this.pending.values()) {
        clearTimeout(p.timer);
        p.reject(failure ?? new Error('the reader closed the connection'));
      }
      this.pending.clear();
      this.announce = undefined;
      if (this.socket === socket) this.socket = undefined;
      if (this.stopped) return;
      this.failed(failure ?? new Error('the reader closed the connection'));
    });
    const opened = this.options.tls ? 'secureConnect' : 'connect';
    socket.once(opened, () => {
      socket.setTimeout(0);
      this.session(socket).catch((err: Error) => fail(err));
    });
  }

  /** The session set-up; any refusal ends the connection (and a retry starts it again). */
  private async session(socket: net.Socket): Promise<void> {
    const first = await new Promise<LlrpMessage>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new RefusedError('the reader sent no ConnectionAttemptEvent: is this an LLRP port?')),
        this.timeoutMs,
      );
      this.announce = (m) => {
        clearTimeout(timer);
        resolve(m);
      };
    });
    const event = decodeReaderEventNotification(first.body);
    const status = event.connectionAttempt?.status ?? 0;
    if (status !== 0)
      throw new RefusedError(
        CONNECTION_ATTEMPT_TEXT[status] ?? `the reader refused the connection (${status})`,
      );

    const caps = decodeReaderCapabilitiesResponse(
      (
        await this.request(
          MessageType.GET_READER_CAPABILITIES,
          MessageType.GET_READER_CAPABILITIES_RESPONSE,
          encodeGetReaderCapabilities(),
        )
      ).body,
    );
    checkStatus('GET_READER_CAPABILITIES', caps.status);
    const max = caps.general?.maxSupportedAntennas;
    const wrong = max ? this.options.antennas.filter((a) => a > max) : [];
    if (wrong.length > 0)
      throw new RefusedError(`the reader has ${max} antennas; antenna ${wrong.join(', ')} does not exist`);

    await this.expectOk(
      MessageType.SET_READER_CONFIG,
      MessageType.SET_READER_CONFIG_RESPONSE,
      encodeSetReaderConfig({
        resetToFactoryDefault: false,
        keepaliveMs: this.keepaliveMs,
        events: [
          ReaderEventType.Antenna,
          ReaderEventType.ReportBufferFillWarning,
          ReaderEventType.ReaderException,
        ],
        report: { trigger: 1, n: 1 },
      }),
    );
    // The ROSpec is Sightline's own id: an earlier session's is replaced, nobody else's is touched.
    await this.request(
      MessageType.DELETE_ROSPEC,
      MessageType.DELETE_ROSPEC_RESPONSE,
      encodeRospecId(SIGHTLINE_ROSPEC_ID),
    );
    await this.expectOk(
      MessageType.ADD_ROSPEC,
      MessageType.ADD_ROSPEC_RESPONSE,
      encodeAddRospec({
        id: SIGHTLINE_ROSPEC_ID,
        priority: 0,
        antennaIds: this.options.antennas,
        startImmediate: true,
        report: { trigger: 1, n: 1 },
      }),
    );
    await this.expectOk(
      MessageType.ENABLE_ROSPEC,
      MessageType.ENABLE_ROSPEC_RESPONSE,
      encodeRospecId(SIGHTLINE_ROSPEC_ID),
    );
    if (socket !== this.socket || this.stopped) return;
    this.ready = true;
    this.attempt = 0;
    this.armSilence(socket);
    this.options.onState('connected', null);
  }

  private dispatch(m: LlrpMessage): void {
    const waiting = this.pending.get(m.id);
    if (waiting && (m.type === waiting.expect || m.type === MessageType.ERROR_MESSAGE)) {
      this.pending.delete(m.id);
      clearTimeout(waiting.timer);
      if (m.type === MessageType.ERROR_MESSAGE) {
        // ERROR_MESSAGE carries only an LLRPStatus.
        const status = decodeStatusResponse(m.body);
        waiting.reject(
          new RefusedError(`the reader refused ${messageName(waiting.expect)}: ${describeStatus(status)}`),
        );
      } else waiting.resolve(m);
      return;
    }
    switch (m.type) {
      case MessageType.KEEPALIVE:
        this.socket?.write(encodeMessage(MessageType.KEEPALIVE_ACK, m.id));
        return;
      case MessageType.READER_EVENT_NOTIFICATION: {
        if (this.announce) {
          const announce = this.announce;
          this.announce = undefined;
          announce(m);
          return;
        }
        this.options.onEvent(decodeReaderEventNotification(m.body));
        return;
      }
      case MessageType.RO_ACCESS_REPORT: {
        const tags = decodeRoAccessReport(m.body);
        if (tags.length === 0) return;
        // Reports wait in order for the store; past QUEUED_REPORTS_MAX the socket stops reading, so
        // a reader that reports faster than the store keeps is slowed by TCP instead of filling memory.
        const socket = this.socket;
        this.queuedReports += 1;
        if (this.queuedReports > QUEUED_REPORTS_MAX) socket?.pause();
        this.tagQueue = this.tagQueue
          .then(() => this.options.onTags(tags))
          .catch(() => {})
          .finally(() => {
            this.queuedReports -= 1;
            if (this.queuedReports <= QUEUED_REPORTS_MAX / 2 && socket?.isPaused()) socket.resume();
          });
        return;
      }
      default:
        return;
    }
  }

  private request(type: number, expect: number, body?: Buffer): Promise<LlrpMessage> {
    const socket = this.socket;
    if (!socket) return Promise.reject(new Error('not connected'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the reader did not answer ${messageName(type)} within ${this.timeoutMs / 1000} s`));
      }, this.timeoutMs);
      this.pending.set(id, { expect, resolve, reject, timer });
      socket.write(encodeMessage(type, id, body));
    });
  }

  private async expectOk(type: number, expect: number, body: Buffer): Promise<void> {
    checkStatus(messageName(type), decodeStatusResponse((await this.request(type, expect, body)).body));
  }

  /** Three keepalive intervals without a byte from the reader: it is gone. */
  private armSilence(socket: net.Socket): void {
    if (!this.ready) return;
    clearTimeout(this.silenceTimer);
    const limit = this.keepaliveMs * 3;
    this.silenceTimer = setTimeout(() => {
      socket.destroy(new Error(`no keepalive from the reader for ${limit / 1000} s`));
    }, limit);
  }

  private failed(err: Error): void {
    this.ready = false;
    const refused =
      err instanceof RefusedError || (err as NodeJS.ErrnoException).code === REFUSED_ADDRESS_CODE;
    this.options.onState(
      refused ? 'error' : 'disconnected',
      explain(err, this.options.host, this.options.port),
    );
    const { initialMs, maxMs } = this.options.backoff ?? { initialMs: 1_000, maxMs: 60_000 };
    const delay = Math.min(maxMs, initialMs * 2 ** this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      if (!this.stopped) void this.connect();
    }, delay);
  }
}

function describeStatus(s: LlrpStatus): string {
  return s.errorDescription ? `${s.errorDescription} (status ${s.status})` : `status ${s.status}`;
}

function checkStatus(what: string, s: LlrpStatus): void {
  if (s.status !== 0) throw new RefusedError(`the reader refused ${what}: ${describeStatus(s)}`);
}

/** Node's socket errors in words a reader's installer can act on. */
function explain(err: Error, host: string, port: number): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ECONNREFUSED':
      return `${host}:${port} refused the connection (nothing listens there: is LLRP enabled on the reader?)`;
    case 'ECONNRESET':
      return `${host}:${port} reset the connection`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached from this server`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${host} is not a known host name`;
    case 'ETIMEDOUT':
      return `${host}:${port} did not answer`;
    case REFUSED_ADDRESS_CODE:
      return `${err.message} (a reader connection may not reach this server's loopback or link-local addresses)`;
    default:
      return err.message;
  }
}
