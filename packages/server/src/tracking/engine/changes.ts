/**
 * The things a run of the engine changes, with the stays they close and the messages they
 * produce. Copy-on-write: the input state is never mutated; `edit` clones a thing once.
 */
import { hasOverrun, msToNs, timeException } from './exceptions.js';
import type { EngineMessage, ExceptionRecord, ZoneStay } from './outputs.js';
import type { EpochMs, ThingState, ZoneModel } from './types.js';

export class Changes {
  readonly stays: ZoneStay[] = [];
  readonly exceptions: ExceptionRecord[] = [];
  readonly messages: EngineMessage[] = [];
  private readonly edited = new Map<string, ThingState>();
  private readonly created = new Set<string>();

  constructor(
    readonly zones: ReadonlyMap<string, ZoneModel>,
    private readonly base: ReadonlyMap<string, ThingState>,
  ) {}

  /** The thing as it stands now in this run (read only). */
  current(id: string): ThingState | undefined {
    return this.edited.get(id) ?? this.base.get(id);
  }

  /** A mutable copy of the thing, made on first edit. */
  edit(id: string): ThingState | undefined {
    const done = this.edited.get(id);
    if (done) return done;
    const original = this.base.get(id);
    if (!original) return undefined;
    const copy: ThingState = { ...original, data: { ...original.data }, parents: [...original.parents] };
    this.edited.set(id, copy);
    return copy;
  }

  /** A thing created in this run (auto-enroll). */
  add(thing: ThingState): void {
    this.edited.set(thing.id, thing);
    this.created.add(thing.id);
  }

  /** Moves the thing (already being edited) to `toZoneId` at `time`, closing its stay. */
  move(thing: ThingState, toZoneId: string | null, time: EpochMs, siteId: string): void {
    const fromZoneId = thing.zoneId;
    if (fromZoneId === toZoneId) return;
    this.closeStay(thing, time);
    thing.zoneId = toZoneId;
    thing.lastZoneTime = time;
    if (toZoneId === null) clearPosition(thing);
    this.messages.push({ type: 'zoneChange', siteId, thingId: thing.id, fromZoneId, toZoneId, time });
    const zone = toZoneId === null ? undefined : this.zones.get(toZoneId);
    if (zone?.immediateKill) this.kill(thing, zone, time);
  }

  /** Takes the thing out of `zone` (its stay closed at `at`), and soft-deletes it in deleteThing mode. */
  kill(thing: ThingState, zone: ZoneModel, at: EpochMs): void {
    if (thing.zoneId === zone.id) {
      this.closeStay(thing, at);
      thing.zoneId = null;
      thing.lastZoneTime = at;
      clearPosition(thing);
      this.messages.push({
        type: 'zoneChange',
        siteId: zone.siteId,
        thingId: thing.id,
        fromZoneId: zone.id,
        toZoneId: null,
        time: at,
      });
    }
    if (zone.killMode === 'deleteThing') thing.deleted = true;
  }

  /** Records the thing's current stay as ending at `end` (no-op off site). */
  closeStay(thing: ThingState, end: EpochMs): void {
    if (thing.zoneId === null) return;
    const zone = this.zones.get(thing.zoneId);
    const start = Math.min(thing.lastZoneTime ?? end, end);
    this.stays.push({
      thingId: thing.id,
      zoneId: thing.zoneId,
      siteId: zone?.siteId ?? thing.siteId,
      timeStart: start,
      timeEnd: end,
      timeDurationNs: msToNs(end - start),
    });
    if (zone && hasOverrun(start, end, zone.durationNs)) this.raise(timeException(thing.id, zone, start));
  }

  raise(exception: ExceptionRecord): void {
    this.exceptions.push(exception);
    this.messages.push({ type: 'exception', siteId: exception.siteId, exception });
  }

  /** Full state of every thing created or edited; adds their live messages (call once, at the end). */
  changedThings(): ThingState[] {
    const changed = [...this.edited.values()];
    for (const thing of changed) {
      const before = this.base.get(thing.id);
      const change = this.created.has(thing.id)
        ? 'created'
        : thing.deleted && !before?.deleted
          ? 'deleted'
          : 'updated';
      const zone = thing.zoneId === null ? undefined : this.zones.get(thing.zoneId);
      this.messages.push({ type: 'thing', change, siteId: zone?.siteId ?? thing.siteId, thing });
    }
    return changed;
  }

  /** The new state map: the input's things with the edited ones replaced. */
  nextThings(): Map<string, ThingState> {
    const next = new Map(this.base);
    for (const [id, thing] of this.edited) next.set(id, thing);
    return next;
  }
}

/** Off site or taken out of a zone: no map position. */
function clearPosition(thing: ThingState): void {
  thing.mapId = null;
  thing.x = null;
  thing.y = null;
}
