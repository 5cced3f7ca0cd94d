/** The tracking engine: pure functions of (configuration, state, input) → outputs. */

export { dueTimeExceptions } from './exceptions.js';
export { INVENTORY_SETTLE_MS, inventoryCheck, inventoryDue } from './inventory.js';
export { killDue } from './kill.js';
export { manualMove } from './manual.js';
export { buildSiteModel } from './model.js';

export type * from './outputs.js';
export { emptyOutput } from './outputs.js';
export { processBatch } from './process.js';
export { blankThing } from './thing.js';
export type * from './types.js';
