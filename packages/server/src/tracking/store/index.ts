/** The tracking engine's DB layer: load a batch's model and state, run the engine, write, publish. */

export { ConfigCache } from './config.js';
export { ingestSightings, ingestTogether } from './group.js';
export { type Directory, loadBatch } from './load.js';
export { moveByHand } from './manual.js';
export {
  inOrgTransaction,
  lockOrganization,
  processSightings,
  writeOutput,
} from './process.js';
export { type Committed, type InventoryCleared, liveMessages } from './publish.js';
export { insertSightings } from './sightings.js';
export {
  createTrackingStore,
  type TrackingStore,
} from './store.js';
export { writeEvents, writeRest } from './write-events.js';
export { lockTags, StaleStateError, writeLocationTags, writeThings } from './write-things.js';
