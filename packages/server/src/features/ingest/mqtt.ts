/**
 * MQTT ingest (docs/decisions/0026-mqtt-ingest.md, docs/readers.md): with MQTT_URL set, the
 * server subscribes to
 *
 *   sightline/<endpoint-uuid>/sightings   native `{ key?, sightings: [...] }`
 *   sightline/<endpoint-uuid>/heartbeat   native heartbeat `{ key?, uptime, readerTemp, ip, version }`
 *   sightline/<endpoint-uuid>/impinj      Impinj IoT device interface, one ReaderEvent per message
 *   sightline/<endpoint-uuid>/zebra       Zebra IoT Connector tag data or management events
 *
 * and feeds each message to the same ingest service as the HTTP routes.
 *
 * Authentication: the topic names the endpoint. Native messages must carry the endpoint's key, in
 * the body (`"key"`, as the HTTP body form) or as the MQTT v5 user property `key`. Impinj and Zebra
 * firmware publish their own JSON and cannot add a key: on those topics the broker's own
 * authentication stands for the endpoint's (give each reader its own broker user and an ACL that
 * lets it publish only under `sightline/<its uuid>/#`); a `key` user property, when present, must
 * still match. Messages for unknown endpoints, with a wrong key or a malformed body are logged and
 * dropped — never retried, never fatal.
 *
 * Scale-out: subscriptions are MQTT v5 shared subscriptions (`$share/<MQTT_SHARE_GROUP>/...`), so
 * with N instances the broker hands each message to one of them. Messages are processed one at a
 * time per instance and acknowledged (QoS 1) only after they are stored.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { AppContext } from '../../platform/context.js';
import { HttpError, unauthorized } from '../../platform/errors.js';
import {
  type ParsedBatch,
  parseImpinj,
  parseNativeHeartbeat,
  parseNativeSightings,
  parseZebra,
} from '../../tracking/formats/index.js';
import { authenticateEndpoint, bodyCredentials } from './endpoint-auth.js';
import { type EndpointIdentity, findEndpointByUuid } from './repository.js';
import { ingestBatch, recordHeartbeat } from './service.js';

const MQTT_TOPIC_ROOT = 'sightline';
const MQTT_KINDS = ['sightings', 'heartbeat', 'impinj', 'zebra'] as const;
type MqttKind = (typeof MQTT_KINDS)[number];

/** Topic filters, as shared subscriptions of `group`. */
const mqttSubscriptions = (group: string) =>
  MQTT_KINDS.map((kind) => `$share/${group}/${MQTT_TOPIC_ROOT}/+/${kind}`);

/** Ignore larger payloads (the HTTP body limit is 10 MB; an MQTT batch is much smaller in practice). */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

export interface MqttIngest {
  /** Resolves once the first subscription is acknowledged by the broker. */
  ready: Promise<void>;
  /** Counts since start: messages stored, and messages dropped (malformed, unauthenticated). */
  readonly stats: { stored: number; dropped: number };
  close(): Promise<void>;
}

class DroppedMessage extends Error {}

export function parseTopic(topic: string): { uuid: string; kind: MqttKind } | undefined {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== MQTT_TOPIC_ROOT || !parts[1]) return undefined;
  const kind = MQTT_KINDS.find((k) => k === parts[2]);
  return kind ? { uuid: parts[1], kind } : undefined;
}

function userProperty(packet: IPublishPacket, name: string): string | undefined {
  const value = packet.properties?.userProperties?.[name];
  return Array.isArray(value) ? value[0] : value;
}

async function endpointFor(
  ctx: AppContext,
  uuid: string,
  kind: MqttKind,
  body: unknown,
  propertyKey: string | undefined,
): Promise<EndpointIdentity> {
  const native = kind === 'sightings' || kind === 'heartbeat';
  if (native) {
    const creds = bodyCredentials(body);
    if (creds.uuid !== undefined && creds.uuid !== uuid)
      throw unauthorized('body uuid differs from the topic');
    return authenticateEndpoint(ctx.db, { uuid, key: creds.key ?? propertyKey });
  }
  if (propertyKey !== undefined) return authenticateEndpoint(ctx.db, { uuid, key: propertyKey });
  const found = await findEndpointByUuid(ctx.db, uuid);
  if (!found) throw unauthorized('Unknown endpoint');
  return found.identity;
}

const parsers: Record<Exclude<MqttKind, 'heartbeat'>, (body: unknown, at: number) => ParsedBatch> = {
  sightings: parseNativeSightings,
  impinj: parseImpinj,
  zebra: parseZebra,
};

/** Stores one message; throws DroppedMessage (or an HttpError) when it cannot be. */
async function handle(ctx: AppContext, log: FastifyBaseLogger, packet: IPublishPacket): Promise<void> {
  const route = parseTopic(packet.topic);
  if (!route) throw new DroppedMessage('not a Sightline reader topic');
  const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
  if (payload.length > MAX_PAYLOAD_BYTES) throw new DroppedMessage('payload too large');
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    throw new DroppedMessage('payload is not JSON');
  }
  const endpoint = await endpointFor(ctx, route.uuid, route.kind, body, userProperty(packet, 'key'));
  const now = Date.now();
  if (route.kind === 'heartbeat') {
    const { heartbeat } = parseNativeHeartbeat(body);
    await recordHeartbeat(ctx, log, endpoint, heartbeat ?? {}, '', now);
    return;
  }
  await ingestBatch(ctx, log, endpoint, parsers[route.kind](body, now), '');
}

/**
 * The database is away (restarting, failing over, refusing connections): PostgreSQL's connection
 * errors (class 08), an administrator's shutdown (57P01..57P03), or the socket's own errors. Any
 * other error is the message's, and retrying it would hold up every message behind it.
 */
function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  const message = `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  return (
    /^08|^57P0[123]$|^ECONN|^EPIPE$|^ETIMEDOUT$/.test(code) ||
    /Connection terminated|not queryable|ECONNREFUSED|the database system is (starting up|shutting down)/i.test(
      message,
    )
  );
}

/** Longest wait between two tries of a message the database could not take. */
const RETRY_MAX_MS = 5000;

/**
 * A message the database could not take (restart, failover) is tried again until it is stored, and
 * only then acknowledged: acknowledging it would lose it (QoS 1), and an ingested sighting is never
 * lost. A message that is wrong in itself (malformed, unauthenticated) is dropped.
 */
async function handleUntilStored(
  ctx: AppContext,
  log: FastifyBaseLogger,
  packet: IPublishPacket,
  closing: () => boolean,
): Promise<void> {
  for (let wait = 250; ; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
    try {
      return await handle(ctx, log, packet);
    } catch (err) {
      if (!databaseUnavailable(err) || closing()) throw err;
      log.warn(
        { err: (err as Error).message, topic: packet.topic },
        'mqtt message not stored yet (retrying)',
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export function startMqttIngest(
  ctx: AppContext,
  parentLog: FastifyBaseLogger,
  url: string,
  group: string,
): MqttIngest {
  const log = parentLog.child({ component: 'mqtt' });
  const stats = { stored: 0, dropped: 0 };
  const client: MqttClient = mqtt.connect(url, {
    protocolVersion: 5,
    clientId: `sightline-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  });
  let inflight: Promise<void> = Promise.resolve();
  let lastError = '';
  let closing = false;

  // One message at a time; the QoS 1 acknowledgement goes out when the callback is called.
  client.handleMessage = (packet, done) => {
    inflight = handleUntilStored(ctx, log, packet, () => closing).then(
      () => {
        stats.stored++;
      },
      (err: unknown) => {
        stats.dropped++;
        if (err instanceof DroppedMessage || err instanceof HttpError) {
          log.warn({ topic: packet.topic, reason: err.message }, 'mqtt message dropped');
        } else {
          log.error({ err, topic: packet.topic }, 'mqtt message dropped');
        }
      },
    );
    void inflight.then(() => done());
  };

  client.on('connect', () => {
    lastError = '';
    log.info({ url: redact(url), group }, 'mqtt connected');
  });
  client.on('error', (err) => {
    if (err.message === lastError) return;
    lastError = err.message;
    log.warn({ err: err.message, url: redact(url) }, 'mqtt connection problem (retrying)');
  });

  const ready = client.subscribeAsync(mqttSubscriptions(group), { qos: 1 }).then((grants) => {
    const refused = grants.filter((g) => g.qos >= 128);
    if (refused.length) log.error({ refused: refused.map((g) => g.topic) }, 'mqtt subscriptions refused');
  });
  ready.catch((err: unknown) => log.error({ err }, 'mqtt subscribe failed'));

  return {
    ready,
    stats,
    async close() {
      closing = true;
      await client.endAsync().catch(() => undefined);
      await inflight;
    },
  };
}

/** The broker URL without its password, for logs. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'mqtt';
  }
}
