export { parseImpinj } from './impinj.js';
export { parseNativeHeartbeat, parseNativeSightings } from './native.js';
export type { NormalizedSighting, ParsedBatch, ReaderHeartbeat } from './types.js';

export { parseZebra } from './zebra.js';
