/** The tracking engine: pure functions of (configuration, state, input) → outputs. */
export { canMerge, DEFAULT_MERGE_WINDOW_MS, type EventInput, EventLog } from './compaction.js';
export { type MapPosition, resolvePosition, toMapFraction } from './coordinates.js';
export { dueTimeExceptions, hasOverrun, overrunAt, stayKey, timeException } from './exceptions.js';
export { INVENTORY_SETTLE_MS, inventoryCheck, inventoryDue, type KitView, settledAt } from './inventory.js';
export { killAt, killDue, lastSeen } from './kill.js';
export { type ManualMove, manualMove } from './manual.js';
export { buildSiteModel } from './model.js';
export { prepareSightings } from './order.js';
export type * from './outputs.js';
export { emptyOutput } from './outputs.js';
export { DEFAULT_FUTURE_TOLERANCE_MS, processBatch } from './process.js';
export { blankThing } from './thing.js';
export type * from './types.js';
export { matchGate, resolveZone, targetZone, type ZoneResolution } from './zone.js';
