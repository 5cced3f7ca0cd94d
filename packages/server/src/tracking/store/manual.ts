/** Manual move (`POST api/event`) through the same load → engine → write path as ingest. */

import type { EventRecord } from '@sightline/shared';
import type { Db } from '../../db/client.js';
import type { LiveBus } from '../../platform/live.js';
import type { Mailer } from '../../platform/mail.js';
import { type EpochMs, manualMove } from '../engine/index.js';
import { loadBatch } from './load.js';
import { configCacheFor, inOrgTransaction, type StoreOptions, writeOutput } from './process.js';
import { eventRecord } from './publish.js';

export interface ManualMoveRequest {
  orgId: string;
  tag: string;
  zoneId: string;
  /** The zone's site. */
  siteId: string;
}

/** The new event, or undefined when no live thing carries the tag (nothing is written). */
export async function moveByHand(
  db: Db,
  live: LiveBus,
  mailer: Mailer | undefined,
  move: ManualMoveRequest,
  now: EpochMs,
  options: StoreOptions = {},
): Promise<EventRecord | undefined> {
  const outlets = { live, mailer, log: options.log, publicUrl: options.publicUrl };
  const result = await inOrgTransaction(db, outlets, move.orgId, now, options, async (tx) => {
    const loaded = await loadBatch(tx, move.orgId, null, [move.tag], { cache: configCacheFor(db, options) });
    if (!loaded.state.tags.has(move.tag)) return { event: undefined };
    const { output } = manualMove(loaded.model, loaded.state, move, now);
    const written = await writeOutput(tx, move.orgId, output, [], now);
    const [write] = output.events;
    const id = write && written.eventIds.get(write);
    return {
      event: write && id !== undefined ? eventRecord(write, id, loaded.directory) : undefined,
      committed: { orgId: move.orgId, messages: output.messages, directory: loaded.directory, ...written },
    };
  });
  return result.event;
}
