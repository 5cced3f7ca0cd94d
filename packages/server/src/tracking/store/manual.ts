/** Manual move (`POST api/event`) through the same load → engine → write path as ingest. */

import type { EventRecord } from '@sightline/shared';
import { type EpochMs, manualMove } from '../engine/index.js';
import { loadBatch } from './load.js';
import { configCacheFor, inOrgTransaction, writeOutput } from './process.js';
import { eventRecord } from './publish.js';
import { optionsOf, type StoreOptions, type TrackingStore } from './store.js';

export interface ManualMoveRequest {
  orgId: string;
  tag: string;
  zoneId: string;
  /** The zone's site. */
  siteId: string;
}

/** The new event, or undefined when no live thing carries the tag (nothing is written). */
export async function moveByHand(
  store: TrackingStore,
  move: ManualMoveRequest,
  now: EpochMs,
  callOptions: StoreOptions = {},
): Promise<EventRecord | undefined> {
  const options = optionsOf(store, callOptions);
  const cache = configCacheFor(store.db, options);
  const result = await inOrgTransaction(store, {
    orgId: move.orgId,
    now,
    options,
    work: async (tx) => {
      const loaded = await loadBatch(tx, move.orgId, null, [move.tag], { cache });
      if (!loaded.state.tags.has(move.tag)) return { event: undefined };
      const { output } = manualMove(loaded.model, loaded.state, move, now);
      const written = await writeOutput(tx, move.orgId, output, [], now);
      const [write] = output.events;
      const id = write && written.eventIds.get(write);
      return {
        event: write && id !== undefined ? eventRecord(write, id, loaded.directory) : undefined,
        committed: { orgId: move.orgId, messages: output.messages, directory: loaded.directory, ...written },
      };
    },
  });
  return result.event;
}
