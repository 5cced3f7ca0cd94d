import { describe, expect, it } from 'vitest';
import { canMerge, DEFAULT_MERGE_WINDOW_MS, type EventInput, EventLog } from './compaction.js';
import { at, openEvent, SITE, T0 } from './fixtures.js';

const input = (overrides: Partial<EventInput> = {}): EventInput => ({
  tag: 'AA01',
  thingId: 'box',
  siteId: SITE,
  endpointId: 'reader-a',
  antenna: 1,
  direction: 'NEAR',
  zoneId: 'store',
  locationTagId: null,
  time: T0,
  data: undefined,
  alarmTamper: false,
  rssi: null,
  ...overrides,
});

describe('merge rule', () => {
  const open = openEvent({ firstTime: at(0), time: at(30) });

  it.each([
    ['the same key within the window', true, {}],
    ['exactly at the window boundary (inclusive)', true, { time: at(30) + DEFAULT_MERGE_WINDOW_MS }],
    ['1 ms past the window', false, { time: at(30) + DEFAULT_MERGE_WINDOW_MS + 1 }],
    ['a late sighting inside the window before firstTime', true, { time: at(-60) }],
    ['a late sighting beyond the window before firstTime', false, { time: at(-61) }],
    ['another endpoint', false, { endpointId: 'reader-b' }],
    ['another antenna', false, { antenna: 2 }],
    ['another direction', false, { direction: 'IN' as const }],
    ['another zone', false, { zoneId: 'dock' }],
    ['off site vs a zone', false, { zoneId: null }],
    ['another thing (tag re-assigned)', false, { thingId: 'crate' }],
    ['a manual event (no endpoint)', false, { endpointId: null }],
  ])('%s → merge %s', (_label, expected, overrides) => {
    expect(canMerge(open, input({ time: at(45), ...overrides }), DEFAULT_MERGE_WINDOW_MS)).toBe(expected);
  });

  it('honours a configured window', () => {
    expect(canMerge(open, input({ time: at(40) }), 10_000)).toBe(true);
    expect(canMerge(open, input({ time: at(41) }), 10_000)).toBe(false);
  });
});

describe('event log of a batch', () => {
  it('starts a new event with firstTime = time and repeatCount 0', () => {
    const log = new EventLog(new Map());
    log.record(input({ data: { cFloat0: 20 } }));
    expect(log.writes()).toEqual([
      expect.objectContaining({
        eventId: null,
        firstTime: T0,
        time: T0,
        repeatCount: 0,
        addedRepeats: 0,
        open: true,
        data: { cFloat0: 20 },
      }),
    ]);
  });

  it.each([
    ['3 sightings 20 s apart', [0, 20, 40], 1, [{ firstTime: 0, time: 40, repeatCount: 2 }]],
    [
      'a 61 s gap starts a second event',
      [0, 61],
      2,
      [
        { firstTime: 0, time: 0, repeatCount: 0 },
        { firstTime: 61, time: 61, repeatCount: 0 },
      ],
    ],
    [
      'a chain: each sighting within 60 s of the last',
      [0, 50, 100, 150],
      1,
      [{ firstTime: 0, time: 150, repeatCount: 3 }],
    ],
  ])('%s', (_label, seconds, count, expected) => {
    const log = new EventLog(new Map());
    for (const s of seconds) log.record(input({ time: at(s) }));
    const writes = log.writes();
    expect(writes).toHaveLength(count);
    expect(writes.map(({ firstTime, time, repeatCount }) => ({ firstTime, time, repeatCount }))).toEqual(
      expected.map((e) => ({ firstTime: at(e.firstTime), time: at(e.time), repeatCount: e.repeatCount })),
    );
    expect(writes.map((w) => w.open)).toEqual(writes.map((_w, i) => i === writes.length - 1));
  });

  it('updates the stored open event: keeps its id, counts repeats, takes the latest data and alarm', () => {
    const stored = openEvent({ eventId: 7, repeatCount: 5, time: at(10), data: { cFloat0: 1 } });
    const log = new EventLog(new Map([[stored.tag, stored]]));
    log.record(input({ time: at(20), data: { cFloat0: 2 }, alarmTamper: true }));
    log.record(input({ time: at(30), alarmTamper: false }));
    const [write] = log.writes();
    expect(write).toMatchObject({
      eventId: 7,
      firstTime: T0,
      time: at(30),
      repeatCount: 7,
      addedRepeats: 2,
      data: { cFloat0: 2 },
      alarmTamper: false,
      open: true,
    });
    expect(stored.repeatCount).toBe(5);
  });

  it('a late sighting merged into the window widens firstTime but keeps the latest values', () => {
    const log = new EventLog(new Map());
    log.record(input({ time: at(30), data: { cFloat0: 9 }, alarmTamper: true }));
    log.record(input({ time: at(10), data: { cFloat0: 1 }, alarmTamper: false }));
    expect(log.writes()[0]).toMatchObject({
      firstTime: at(10),
      time: at(30),
      repeatCount: 1,
      data: { cFloat0: 9 },
      alarmTamper: true,
    });
  });

  it('an older sighting that cannot merge is written as history; the newer event stays open', () => {
    const stored = openEvent({ time: at(300), firstTime: at(300) });
    const log = new EventLog(new Map([[stored.tag, stored]]));
    log.record(input({ time: at(100) }));
    const writes = log.writes();
    expect(writes).toEqual([expect.objectContaining({ eventId: null, time: at(100), open: false })]);
    expect(log.nextOpenEvents().get('AA01')).toBe(stored);
  });

  it('a changed key supersedes the stored open event without rewriting it', () => {
    const stored = openEvent({ eventId: 7 });
    const log = new EventLog(new Map([[stored.tag, stored]]));
    log.record(input({ time: at(5), antenna: 2 }));
    expect(log.writes()).toEqual([expect.objectContaining({ eventId: null, antenna: 2, open: true })]);
    expect(log.nextOpenEvents().get('AA01')).toMatchObject({ eventId: null, antenna: 2 });
  });

  it('compact: false always starts a new event (manual moves)', () => {
    const stored = openEvent();
    const log = new EventLog(new Map([[stored.tag, stored]]));
    expect(log.record(input({ time: at(1) }), false).merged).toBe(false);
  });

  it('keeps one open event per tag', () => {
    const log = new EventLog(new Map());
    log.record(input({ tag: 'AA01' }));
    log.record(input({ tag: 'BB02' }));
    log.record(input({ tag: 'AA01', time: at(1) }));
    expect(log.writes().map((w) => [w.tag, w.repeatCount, w.open])).toEqual([
      ['AA01', 1, true],
      ['BB02', 0, true],
    ]);
  });
});
