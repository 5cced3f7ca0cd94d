/**
 * A reader connection's live state (`connection.state` of an endpoint) and what a reader's own
 * events mean for the endpoint's status. The mapping lives here, once, for every connection mode.
 */
import type { ReaderEvent } from '../../tracking/formats/llrp/codec.js';

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
