/**
 * LLRP tag reports as sightings (docs/readers.md, LLRP): the EPC, the reader's antenna, the peak
 * RSSI in dBm, and the time the reader last saw the tag (else first saw it) on its microsecond UTC
 * clock; a report without a timestamp is timed when it arrived. A report with an antenna beyond
 * what Sightline stores is dropped with a warning, never stored half.
 */
import { ANTENNA_MAX } from '@sightline/shared';
import type { EpochMs, NormalizedSighting } from '../types.js';
import type { TagReport } from './codec.js';

export function sightingsFromTagReports(
  tags: TagReport[],
  receivedAt: EpochMs,
): { sightings: NormalizedSighting[]; warnings: string[] } {
  const sightings: NormalizedSighting[] = [];
  const warnings: string[] = [];
  for (const t of tags) {
    const antenna = t.antennaId ?? 0;
    if (antenna > ANTENNA_MAX) {
      warnings.push(`tag ${t.epc}: antenna ${antenna} is above ${ANTENNA_MAX}; report dropped`);
      continue;
    }
    const micros = t.lastSeenUtc ?? t.firstSeenUtc;
    sightings.push({
      tag: t.epc,
      antenna,
      time: micros === undefined ? receivedAt : Math.floor(micros / 1000),
      direction: 'NEAR',
      ...(t.peakRssi === undefined ? {} : { rssi: t.peakRssi }),
      alarmTamper: false,
    });
  }
  return { sightings, warnings };
}
