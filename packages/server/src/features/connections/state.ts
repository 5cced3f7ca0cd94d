/**
 * A reader connection's live state (`connection.state` of an endpoint) and what a reader's own
 * events mean for the endpoint's status. The mapping lives here, once, for every connection mode.
 */
import type { ReaderEvent } from '../../tracking/formats/llrp/codec.js';
import type { ReaderHeartbeat } from '../../tracking/formats/types.js';

export type ConnectionState = 'connected' | 'connecting' | 'disconnected' | 'error';

/** What an LLRP reader event says about the endpoint: antenna states and health notes. */
export interface ReaderEventStatus {
  /** Antenna id → connected. */
  antennas: Record<number, boolean>;
  warnings: string[];
}

export function readerEventStatus(event: ReaderEvent): ReaderEventStatus {
  const out: ReaderEventStatus = { antennas: {}, warnings: [] };
  if (event.antennaEvent) out.antennas[event.antennaEvent.antennaId] = event.antennaEvent.connected;
  if (event.bufferLevelWarning) {
    out.warnings.push(`the reader's report buffer is ${event.bufferLevelWarning.fullnessPercent}% full`);
  }
  if (event.bufferOverflow) out.warnings.push("the reader's report buffer overflowed: reads were dropped");
  if (event.readerException) out.warnings.push(`reader exception: ${event.readerException.message}`);
  if (event.connectionClose) out.warnings.push('the reader is closing the connection');
  return out;
}

/**
 * The endpoint status record of a reader event (features/endpointstatus), as the pushed readers'
 * management events make theirs: antenna events carry the antennas' states (which raise and clear
 * the antenna alerts); buffer, overflow and exception events are warnings. None for other events.
 */
export function statusRecordOf(status: ReaderEventStatus): ReaderHeartbeat | undefined {
  const antennas = Object.entries(status.antennas).map(([antenna, connected]) => ({
    antenna: Number(antenna),
    state: connected ? ('connected' as const) : ('disconnected' as const),
  }));
  if (antennas.length > 0)
    return {
      kind: 'antenna',
      message: antennas.map((a) => `Antenna ${a.antenna} ${a.state}`).join(', '),
      antennas,
    };
  if (status.warnings.length > 0) return { kind: 'warning', message: status.warnings.join('; ') };
  return undefined;
}
