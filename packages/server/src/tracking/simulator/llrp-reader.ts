/**
 * An LLRP reader on a TCP port, speaking the protocol as a fixed reader does (for tests and
 * `bench:ingest`): it announces each connection with a ConnectionAttemptEvent (refusing a second
 * client, as readers do), answers capabilities and configuration, keeps one ROSpec, sends tag
 * reports only while that ROSpec is enabled, sends keepalives at the configured interval, and
 * raises antenna events. `stop()` drops every socket without a goodbye: a reader that vanished.
 */
import net from 'node:net';
import {
  decodeAddRospec,
  decodeRospecId,
  decodeSetReaderConfig,
  encodeMessage,
  encodeReaderCapabilitiesResponse,
  encodeReaderEventNotification,
  encodeRoAccessReport,
  encodeStatus,
  type LlrpMessage,
  MessageReader,
  MessageType,
  type ReaderConfigToSet,
  type ReaderEvent,
  type RoSpec,
  type TagReport,
} from '../formats/llrp/codec.js';

/** The standard's status codes the simulator answers with. */
const M_SUCCESS = 0;
const M_UNSUPPORTED_MESSAGE = 108;
const P_INVALID_ROSPEC_ID = 105;

export interface LlrpReaderOptions {
  /** 0 = any free port. */
  port?: number;
  antennas?: number;
}

export class LlrpReaderSimulator {
  readonly received: LlrpMessage[] = [];
  rospec: RoSpec | undefined;
  enabled = false;
  config: ReaderConfigToSet | undefined;
  keepaliveAcks = 0;
  /** Connections refused because a client was connected already. */
  refused = 0;
  port = 0;
  private server: net.Server | undefined;
  private client: net.Socket | undefined;
  private readonly sockets = new Set<net.Socket>();
  private keepaliveTimer: NodeJS.Timeout | undefined;
  private nextId = 1_000;

  constructor(private readonly options: LlrpReaderOptions = {}) {}

  /** Listens on 127.0.0.1 and resolves with the port. */
  start(): Promise<number> {
    const server = net.createServer((socket) => this.accept(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? this.port, '127.0.0.1', () => {
        const address = server.address();
        this.port = typeof address === 'object' && address ? address.port : 0;
        resolve(this.port);
      });
    });
  }

  /** Vanishes: sockets destroyed, port closed, ROSpec forgotten (a power cycle). */
  async stop(): Promise<void> {
    clearInterval(this.keepaliveTimer);
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.client = undefined;
    this.rospec = undefined;
    this.enabled = false;
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get connected(): boolean {
    return this.client !== undefined;
  }

  /** Tags the antennas saw; reported only while the ROSpec is enabled and covers the antenna. */
  readTags(tags: TagReport[]): number {
    if (!this.client || !this.rospec || !this.enabled) return 0;
    const ids = this.rospec.antennaIds;
    const seen = tags.filter(
      (t) => ids.includes(0) || t.antennaId === undefined || ids.includes(t.antennaId),
    );
    if (seen.length > 0) this.send(MessageType.RO_ACCESS_REPORT, encodeRoAccessReport(seen));
    return seen.length;
  }

  /**
   * readTags, resolved once the report has left for the client's side of the connection: a loop of
   * these goes as fast as the client reads (TCP's backpressure paces it), as a busy reader would.
   */
  readTagsPaced(tags: TagReport[]): Promise<number> {
    const client = this.client;
    if (!client || !this.rospec || !this.enabled || tags.length === 0) return Promise.resolve(0);
    return new Promise((resolve) => {
      client.write(this.frame(MessageType.RO_ACCESS_REPORT, encodeRoAccessReport(tags)), () =>
        resolve(tags.length),
      );
    });
  }

  antennaEvent(antennaId: number, connected: boolean): void {
    this.event({ antennaEvent: { antennaId, connected } });
  }

  event(event: ReaderEvent): void {
    this.send(MessageType.READER_EVENT_NOTIFICATION, encodeReaderEventNotification(event));
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (this.client === socket) {
        this.client = undefined;
        clearInterval(this.keepaliveTimer);
      }
    });
    socket.on('error', () => socket.destroy());
    if (this.client) {
      this.refused += 1;
      socket.end(
        this.frame(
          MessageType.READER_EVENT_NOTIFICATION,
          encodeReaderEventNotification({ connectionAttempt: { status: 1 } }),
        ),
      );
      return;
    }
    this.client = socket;
    const reader = new MessageReader();
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const message of reader.push(chunk)) this.handle(socket, message);
      } catch {
        socket.destroy();
      }
    });
    this.event({ connectionAttempt: { status: 0 } });
  }

  private handle(socket: net.Socket, m: LlrpMessage): void {
    this.received.push(m);
    const answer = (type: number, body: Buffer) => socket.write(encodeMessage(type, m.id, body));
    const status = (type: number, code = M_SUCCESS, text = '') => answer(type, encodeStatus(code, text));
    switch (m.type) {
      case MessageType.GET_READER_CAPABILITIES:
        return void answer(
          MessageType.GET_READER_CAPABILITIES_RESPONSE,
          encodeReaderCapabilitiesResponse({
            maxSupportedAntennas: this.options.antennas ?? 4,
            deviceManufacturer: 25882,
            model: 2001002,
            firmwareVersion: 'sightline-simulator 1',
          }),
        );
      case MessageType.SET_READER_CONFIG: {
        this.config = decodeSetReaderConfig(m.body);
        clearInterval(this.keepaliveTimer);
        const every = this.config.keepaliveMs;
        if (every)
          this.keepaliveTimer = setInterval(() => this.send(MessageType.KEEPALIVE, Buffer.alloc(0)), every);
        return void status(MessageType.SET_READER_CONFIG_RESPONSE);
      }
      case MessageType.ADD_ROSPEC:
        this.rospec = decodeAddRospec(m.body);
        this.enabled = false;
        return void status(MessageType.ADD_ROSPEC_RESPONSE);
      case MessageType.DELETE_ROSPEC: {
        const id = decodeRospecId(m.body);
        if (id !== 0 && this.rospec?.id !== id) {
          return void status(MessageType.DELETE_ROSPEC_RESPONSE, P_INVALID_ROSPEC_ID, `no ROSpec ${id}`);
        }
        this.rospec = undefined;
        this.enabled = false;
        return void status(MessageType.DELETE_ROSPEC_RESPONSE);
      }
      case MessageType.ENABLE_ROSPEC:
      case MessageType.START_ROSPEC: {
        const type =
          m.type === MessageType.ENABLE_ROSPEC
            ? MessageType.ENABLE_ROSPEC_RESPONSE
            : MessageType.START_ROSPEC_RESPONSE;
        if (this.rospec?.id !== decodeRospecId(m.body))
          return void status(type, P_INVALID_ROSPEC_ID, 'no such ROSpec');
        this.enabled = true;
        return void status(type);
      }
      case MessageType.KEEPALIVE_ACK:
        this.keepaliveAcks += 1;
        return;
      case MessageType.CLOSE_CONNECTION:
        status(MessageType.CLOSE_CONNECTION_RESPONSE);
        return void socket.end();
      default:
        return void answer(
          MessageType.ERROR_MESSAGE,
          encodeStatus(M_UNSUPPORTED_MESSAGE, `message ${m.type} is not supported`),
        );
    }
  }

  private frame(type: number, body: Buffer): Buffer {
    this.nextId += 1;
    return encodeMessage(type, this.nextId, body);
  }

  private send(type: number, body: Buffer): void {
    this.client?.write(this.frame(type, body));
  }
}
