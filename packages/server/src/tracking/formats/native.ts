/** Native interface (docs/readers.md): `{ sightings: [...] }` and the heartbeat body. */
import { HeartbeatBody, NativeSightingsBody, parseReaderTime } from '@sightline/shared';
import { type EpochMs, type NormalizedSighting, type ParsedBatch, parseAt } from './types.js';

export function parseNativeSightings(body: unknown, receivedAt: EpochMs): ParsedBatch {
  const parsed = parseAt(NativeSightingsBody, body, '');
  const sightings = parsed.sightings.map(
    (s): NormalizedSighting => ({
      tag: s.tag,
      antenna: s.antenna,
      // Already validated by the schema; the fallback only satisfies the type.
      time: s.time === undefined ? receivedAt : (parseReaderTime(s.time) ?? receivedAt),
      direction: s.direction,
      ...(s.rssi === undefined ? {} : { rssi: s.rssi }),
      ...(s.data === undefined ? {} : { data: s.data }),
      alarmTamper: s.alarmTamper,
    }),
  );
  return { ok: true, sightings, warnings: [] };
}

export function parseNativeHeartbeat(body: unknown): ParsedBatch {
  const { uptime, readerTemp, ip, version } = parseAt(HeartbeatBody, body ?? {}, '');
  return { ok: true, sightings: [], heartbeat: { uptime, readerTemp, ip, version }, warnings: [] };
}
