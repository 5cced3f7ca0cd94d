/** The tracking engine's DB layer: load a batch's model and state, run the engine, write, publish. */

export { ConfigCache } from './config.js';
export { ingestSightings } from './group.js';
export { type Directory, loadBatch } from './load.js';
export { moveByHand } from './manual.js';
export {
  inOrgTransaction,
  lockOrganization,
  type OrgTransaction,
  processSightings,
  type StoredBatch,
  writeOutput,
} from './process.js';
export { type Committed, eventRecord, liveMessages, type Outlets, publishCommitted } from './publish.js';
export {
  insertSightingBatches,
  insertSightings,
  type SightingBatch,
  type StoredSighting,
} from './sightings.js';
export {
  type BeforeCommitHook,
  createTrackingStore,
  type StoreOptions,
  type TrackingHooks,
  type TrackingStore,
} from './store.js';
export { type EndpointWrite, type StoredException, writeEvents, writeRest } from './write-events.js';
export { lockTags, StaleStateError, writeLocationTags, writeThings } from './write-things.js';
