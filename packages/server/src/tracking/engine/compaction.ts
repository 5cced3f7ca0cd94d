/**
 * Event compaction: while a tag's sightings keep the same endpoint, antenna,
 * direction and zone (and thing) and arrive within the merge window, they update the tag's open
 * event (time = last seen, repeatCount + 1, latest data, alarm and RSSI); anything else starts a new
 * event whose firstTime is its first sighting.
 */
import type { Direction, SightingData } from '@sightline/shared';
import type { EventWrite } from './outputs.js';
import type { EpochMs, OpenEvent } from './types.js';

export const DEFAULT_MERGE_WINDOW_MS = 60_000;

/** What a sighting (or a manual move) contributes to an event. */
export interface EventInput {
  tag: string;
  thingId: string;
  siteId: string;
  endpointId: string | null;
  antenna: number;
  direction: Direction;
  zoneId: string | null;
  locationTagId: string | null;
  time: EpochMs;
  data: SightingData | undefined;
  alarmTamper: boolean;
  rssi: number | null;
}

/** Same key, and within the window of the event's span (inclusive at the boundary). */
export function canMerge(open: OpenEvent, input: EventInput, windowMs: number): boolean {
  return (
    open.endpointId === input.endpointId &&
    open.antenna === input.antenna &&
    open.direction === input.direction &&
    open.zoneId === input.zoneId &&
    open.thingId === input.thingId &&
    input.time - open.time <= windowMs &&
    open.firstTime - input.time <= windowMs
  );
}

// Object literals with every field in one order keep one hidden class on the hot path.
function startEvent(input: EventInput): EventWrite {
  return {
    eventId: null,
    tag: input.tag,
    thingId: input.thingId,
    siteId: input.siteId,
    endpointId: input.endpointId,
    antenna: input.antenna,
    direction: input.direction,
    zoneId: input.zoneId,
    locationTagId: input.locationTagId,
    firstTime: input.time,
    time: input.time,
    repeatCount: 0,
    alarmTamper: input.alarmTamper,
    data: { ...input.data },
    rssi: input.rssi,
    addedRepeats: 0,
    open: false,
  };
}

function fromStored(e: OpenEvent): EventWrite {
  return {
    eventId: e.eventId,
    tag: e.tag,
    thingId: e.thingId,
    siteId: e.siteId,
    endpointId: e.endpointId,
    antenna: e.antenna,
    direction: e.direction,
    zoneId: e.zoneId,
    locationTagId: e.locationTagId,
    firstTime: e.firstTime,
    time: e.time,
    repeatCount: e.repeatCount,
    alarmTamper: e.alarmTamper,
    data: { ...e.data },
    rssi: e.rssi,
    addedRepeats: 0,
    open: false,
  };
}

function mergeInto(event: EventWrite, input: EventInput): void {
  event.repeatCount += 1;
  event.addedRepeats += 1;
  if (input.time >= event.time) {
    event.time = input.time;
    if (input.data) event.data = { ...event.data, ...input.data };
    event.alarmTamper = input.alarmTamper;
    event.rssi = input.rssi;
  } else if (input.time < event.firstTime) {
    // A late sighting inside the window widens the event but does not replace the latest values.
    event.firstTime = input.time;
  }
}

/** The events of one batch, keyed by tag, starting from the tags' stored open events. */
export class EventLog {
  private readonly current = new Map<string, EventWrite>();
  private readonly touched = new Set<EventWrite>();

  constructor(
    private readonly stored: ReadonlyMap<string, OpenEvent>,
    private readonly windowMs: number = DEFAULT_MERGE_WINDOW_MS,
  ) {}

  private openFor(tag: string): EventWrite | undefined {
    const working = this.current.get(tag);
    if (working) return working;
    const stored = this.stored.get(tag);
    if (!stored) return undefined;
    const copy = fromStored(stored);
    this.current.set(tag, copy);
    return copy;
  }

  /** Merges the input into the tag's open event, or starts a new one (always, with compact = false). */
  record(input: EventInput, compact = true): { event: EventWrite; merged: boolean } {
    const open = this.openFor(input.tag);
    if (open && compact && canMerge(open, input, this.windowMs)) {
      mergeInto(open, input);
      this.touched.add(open);
      return { event: open, merged: true };
    }
    const event = startEvent(input);
    this.touched.add(event);
    // An older sighting that cannot merge is history: the newer event stays the open one.
    if (!open || input.time >= open.time) this.current.set(input.tag, event);
    return { event, merged: false };
  }

  /** Every event to insert (eventId null) or update, flagged `open` when it is its tag's open event. */
  writes(): EventWrite[] {
    const writes = [...this.touched];
    for (const event of writes) event.open = this.current.get(event.tag) === event;
    return writes;
  }

  /** The open events after the batch. */
  nextOpenEvents(): Map<string, OpenEvent> {
    const next = new Map(this.stored);
    for (const [tag, event] of this.current) if (this.touched.has(event)) next.set(tag, event);
    return next;
  }
}
