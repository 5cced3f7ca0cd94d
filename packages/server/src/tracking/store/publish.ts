/**
 * After COMMIT: the batch's live messages and the zone-time exception mails.
 * Only exceptions actually inserted are published or mailed (a second copy of a stay's exception
 * is a no-op). Messages go out in order, per process, through the bus's coalescing queue.
 */

import {
  type EventRecord,
  formatDateTimeIn,
  type LiveData,
  presentEvent,
  presentThingState,
} from '@sightline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveBus, LivePublish } from '../../platform/live.js';
import type { Mailer } from '../../platform/mail.js';
import type { EngineMessage, EventWrite, ExceptionRecord, ThingState } from '../engine/index.js';
import type { Directory } from './load.js';
import type { StoredException } from './write-events.js';

/** An engine-written event as the events API presents it, its names read from the directory. */
export function eventRecord(e: EventWrite, id: number, dir: Directory): EventRecord {
  const name = (names: ReadonlyMap<string, string>, key: string | null) =>
    key === null ? null : (names.get(key) ?? null);
  return presentEvent(e, id, {
    endpointName: name(dir.endpointNames, e.endpointId),
    zoneName: name(dir.zoneNames, e.zoneId),
    locationTagName: name(dir.locationTagNames, e.locationTagId),
  });
}

function thingData(
  thing: ThingState,
  change: 'created' | 'updated' | 'deleted',
  dir: Directory,
): LiveData<'thing'> {
  return presentThingState(thing, change, {
    name: dir.thingNames.get(thing.id) ?? null,
    zoneName: thing.zoneId === null ? null : (dir.zoneNames.get(thing.zoneId) ?? null),
  });
}

function exceptionData(id: string, r: ExceptionRecord, dir: Directory) {
  return {
    _id: id,
    type: r.type,
    time: new Date(r.time).toISOString(),
    thing: r.thingId,
    thingName: r.thingId === null ? null : (dir.thingNames.get(r.thingId) ?? null),
    zone: r.zoneId,
    zoneName: r.zoneId === null ? null : (dir.zoneNames.get(r.zoneId) ?? null),
    multipleThings: r.multipleThings,
    timeDuration: r.timeDurationNs,
    message: r.message,
  } satisfies LiveData<'exception'>;
}

export interface Committed {
  orgId: string;
  messages: readonly EngineMessage[];
  eventIds: ReadonlyMap<EventWrite, number>;
  exceptions: readonly StoredException[];
  directory: Directory;
  /** Kits the inventory job found right again: the alert hooks resolve their exceptions. */
  inventoryCleared?: readonly InventoryCleared[];
  /** Live messages the before-COMMIT hooks add (a state change they made), published after the batch's. */
  followUps?: LivePublish[];
}

/** A kit checked when its parent settled: which of its counts were right. */
export interface InventoryCleared {
  parentId: string;
  children: readonly string[];
  /** No child missing. */
  shortage: boolean;
  /** No unexpected thing in the parent's zone. */
  overage: boolean;
}

/** The workers among `ids` (a message's `workers`), or undefined when there are none. */
function workersAmong(ids: readonly (string | null)[], dir: Directory): string[] | undefined {
  const found = ids.filter((id): id is string => id !== null && dir.workers.has(id));
  return found.length ? [...new Set(found)] : undefined;
}

export function liveMessages(c: Committed, at: number): LivePublish[] {
  const stored = new Map(c.exceptions.map((e) => [e.record, e.id]));
  const out: LivePublish[] = [];
  const dir = c.directory;
  const address = (siteId: string, things: readonly (string | null)[]) => {
    const workers = workersAmong(things, dir);
    return workers ? { orgId: c.orgId, siteId, workers, at } : { orgId: c.orgId, siteId, at };
  };
  for (const m of c.messages) {
    if (m.type === 'event') {
      const id = c.eventIds.get(m.event);
      if (id !== undefined)
        out.push({
          type: 'event',
          ...address(m.siteId, [m.event.thingId]),
          data: eventRecord(m.event, id, c.directory),
        });
    } else if (m.type === 'zoneChange') {
      const name = (z: string | null) => (z === null ? null : (c.directory.zoneNames.get(z) ?? null));
      out.push({
        type: 'zoneChange',
        ...address(m.siteId, [m.thingId]),
        data: {
          thing: m.thingId,
          thingName: c.directory.thingNames.get(m.thingId) ?? null,
          from: m.fromZoneId,
          fromName: name(m.fromZoneId),
          to: m.toZoneId,
          toName: name(m.toZoneId),
          time: new Date(m.time).toISOString(),
        },
      });
    } else if (m.type === 'thing') {
      const workers = m.thing.class === 'worker' ? { workers: [m.thing.id] } : {};
      out.push({
        type: 'thing',
        ...address(m.siteId, []),
        ...workers,
        data: thingData(m.thing, m.change, c.directory),
      });
    } else {
      const id = stored.get(m.exception);
      if (id !== undefined)
        out.push({
          type: 'exception',
          ...address(m.siteId, [m.exception.thingId, ...m.exception.multipleThings]),
          data: exceptionData(id, m.exception, c.directory),
        });
    }
  }
  if (c.followUps) out.push(...c.followUps);
  return out;
}

export interface Outlets {
  live: LiveBus;
  mailer?: Mailer;
  log?: FastifyBaseLogger;
  publicUrl?: string;
  /** The name a mail gives a thing (default: its name). */
  mailThingName?: (orgId: string, thingId: string, name: string) => Promise<string>;
  /** The site's time zone, whose clock a mail's times read (default: UTC). */
  siteTimeZone?: (orgId: string, siteId: string) => Promise<string>;
}

/**
 * Publishes behind the bus's previous messages, in order; never throws (the data is committed).
 * `thing` and `event` messages are coalesced per thing / event over the bus's short window
 * (`LiveBus.publishLatest`): a thing read many times a second goes out as its latest state.
 */
export function publishCommitted(outlets: Outlets, c: Committed, now: number): Promise<void> {
  const messages = liveMessages(c, now);
  const next = messages.length ? outlets.live.publishLatest(messages) : Promise.resolve();
  const mails = mailExceptions(outlets, c).catch((err: unknown) =>
    outlets.log?.error({ err }, 'zone time exception mail failed'),
  );
  return Promise.all([next, mails]).then(() => undefined);
}

/** A zone-time exception is mailed to the zone's `emails`. */
async function mailExceptions(outlets: Outlets, c: Committed): Promise<void> {
  const { mailer } = outlets;
  if (!mailer) return;
  for (const { id, record: r } of c.exceptions) {
    if (r.type !== 'zoneTimeException' || r.zoneId === null) continue;
    const to = c.directory.zoneEmails.get(r.zoneId) ?? [];
    if (!to.length) continue;
    const named = (r.thingId && c.directory.thingNames.get(r.thingId)) || r.thingId || 'A thing';
    const thing =
      r.thingId && outlets.mailThingName ? await outlets.mailThingName(c.orgId, r.thingId, named) : named;
    const zone = c.directory.zoneNames.get(r.zoneId) ?? r.zoneId;
    const link = outlets.publicUrl ? `\n\n${outlets.publicUrl}/exceptions/${id}?site=${r.siteId}` : '';
    const timeZone = (await outlets.siteTimeZone?.(c.orgId, r.siteId)) ?? 'UTC';
    const since = formatDateTimeIn(r.stayStart ?? r.time, timeZone);
    await mailer.send({
      to: [...to],
      subject: `Zone time alert: ${thing} in ${zone}`,
      text: `${thing} ${r.message} (since ${since}, ${timeZone}).${link}`,
    });
  }
}
