export { epcFromBase64, epcFromHex } from './epc.js';
export { ImpinjReaderEvent, ImpinjTagInventoryEvent, parseImpinj } from './impinj.js';
export { parseNativeHeartbeat, parseNativeSightings } from './native.js';
export type { EpochMs, FieldError, NormalizedSighting, ParsedBatch, ReaderHeartbeat } from './types.js';
export { ReaderFormatError } from './types.js';
export { parseZebra, ZebraEventEnvelope, ZebraHeartbeatData, ZebraTagData } from './zebra.js';
