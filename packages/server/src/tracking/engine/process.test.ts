import { NO_THING_ID } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import {
  at,
  endpoint,
  engineState,
  floorMap,
  locationTag,
  SITE,
  sequentialIds,
  sighting,
  siteModel,
  T0,
  thing,
} from './fixtures.js';
import { processBatch } from './process.js';

const NOW = at(600);

describe('tag → thing', () => {
  const state = engineState([thing('box'), thing('gone', { deleted: true })], {
    AA01: 'box',
    AA02: 'box',
    DD01: 'gone',
  });

  it.each([
    ['tag1', 'AA01', 'box'],
    ['a second tag of the same thing', 'AA02', 'box'],
    ['an unknown tag → the placeholder id', 'FFFF', NO_THING_ID],
    ['a soft-deleted thing keeps its events', 'DD01', 'gone'],
  ])('%s', (_label, tag, thingId) => {
    const { output } = processBatch(siteModel(), state, [sighting({ tag })], NOW);
    expect(output.events.map((e) => [e.tag, e.thingId])).toEqual([[tag, thingId]]);
  });

  it('moves only live known things', () => {
    const { output } = processBatch(
      siteModel(),
      state,
      [sighting({ tag: 'FFFF' }), sighting({ tag: 'DD01' }), sighting({ tag: 'AA02' })],
      NOW,
    );
    expect(output.things.map((t) => [t.id, t.zoneId, t.endpointId, t.lastEndpointTime])).toEqual([
      ['box', 'store', 'reader-a', T0],
    ]);
    expect(output.newThings).toEqual([]);
  });
});

describe('auto-enroll', () => {
  const enrolling = (flags: { autoEnroll?: boolean; autoEnrollLocations?: boolean }) =>
    siteModel({
      endpoints: [endpoint('reader-a', { mapId: 'floor', x: 40, y: 20, ...flags })],
    });

  it('creates an item named by the tag and carries on processing it', () => {
    const { output, state } = processBatch(
      enrolling({ autoEnroll: true }),
      engineState(),
      [sighting({ tag: 'E2801160AA' }), sighting({ tag: 'E2801160AA', time: at(5) })],
      NOW,
      { newId: sequentialIds() },
    );
    expect(output.newThings).toEqual([
      { id: 'new-1', name: 'E2801160AA', class: 'item', siteId: SITE, tag: 'E2801160AA' },
    ]);
    expect(output.events).toEqual([expect.objectContaining({ thingId: 'new-1', repeatCount: 1 })]);
    expect(output.things).toEqual([
      expect.objectContaining({ id: 'new-1', zoneId: 'store', lastZoneTime: T0 }),
    ]);
    expect(output.messages).toContainEqual(expect.objectContaining({ type: 'thing', change: 'created' }));
    expect(state.tags.get('E2801160AA')).toBe('new-1');
  });

  it('turns unknown tags into location tags at the endpoint (survey mode), moving nothing', () => {
    const { output } = processBatch(
      enrolling({ autoEnrollLocations: true }),
      engineState([thing('box')], { AA01: 'box' }),
      [sighting({ tag: 'BEEF' }), sighting({ tag: 'BEEF', time: at(2) })],
      NOW,
      { newId: sequentialIds('lt') },
    );
    expect(output.newLocationTags).toEqual([
      { id: 'lt-1', name: 'BEEF', tag: 'BEEF', siteId: SITE, zoneId: null, mapId: 'floor', x: 40, y: 20 },
    ]);
    expect(output.events).toEqual([
      expect.objectContaining({ tag: 'BEEF', thingId: NO_THING_ID, locationTagId: 'lt-1', repeatCount: 1 }),
    ]);
    expect(output.things).toEqual([]);
    expect(output.newThings).toEqual([]);
  });

  it('enrolls an item when both flags are set, and never re-enrolls a known tag', () => {
    const model = enrolling({ autoEnroll: true, autoEnrollLocations: true });
    const state = engineState([thing('box')], { AA01: 'box' });
    const { output } = processBatch(
      model,
      state,
      [sighting({ tag: 'AA01' }), sighting({ tag: 'CAFE' })],
      NOW,
      {
        newId: sequentialIds(),
      },
    );
    expect(output.newThings.map((t) => t.tag)).toEqual(['CAFE']);
    expect(output.newLocationTags).toEqual([]);
  });

  it('records unknown tags with the placeholder id when the endpoint does not enroll', () => {
    const { output } = processBatch(enrolling({}), engineState(), [sighting({ tag: 'CAFE' })], NOW);
    expect(output.events[0].thingId).toBe(NO_THING_ID);
    expect(output.newThings).toEqual([]);
    expect(output.newLocationTags).toEqual([]);
  });
});

describe('location tags', () => {
  const model = siteModel({
    locationTags: [
      locationTag('10C1', { id: 'lt-yard', zoneId: 'yard', mapId: 'floor', x: 150, y: 50 }),
      locationTag('10C2', { id: 'lt-bare' }),
    ],
    maps: [floorMap],
  });
  const state = engineState([thing('box')], { AA01: 'box' });
  const handheld = (overrides: Parameters<typeof sighting>[0]) =>
    sighting({ endpointId: 'handheld', antenna: 0, ...overrides });

  it('sets the endpoint location and moves no thing', () => {
    const { output } = processBatch(model, state, [handheld({ tag: '10C1' })], NOW);
    expect(output.endpointLocations).toEqual([{ endpointId: 'handheld', locationTagId: 'lt-yard' }]);
    expect(output.events).toEqual([
      expect.objectContaining({
        tag: '10C1',
        thingId: NO_THING_ID,
        zoneId: 'yard',
        locationTagId: 'lt-yard',
      }),
    ]);
    expect(output.things).toEqual([]);
  });

  it("places things the endpoint reads afterwards in the tag's zone and map position", () => {
    const { output } = processBatch(
      model,
      state,
      [handheld({ tag: '10C1' }), handheld({ tag: 'AA01', time: at(3) })],
      NOW,
    );
    expect(output.things).toEqual([
      expect.objectContaining({
        id: 'box',
        zoneId: 'yard',
        locationTagId: 'lt-yard',
        mapId: 'floor',
        x: 0.75,
        y: 0.5,
      }),
    ]);
    expect(output.events[1]).toMatchObject({ tag: 'AA01', zoneId: 'yard', locationTagId: 'lt-yard' });
  });

  it('uses the location the endpoint had at the time: sightings are applied in time order', () => {
    const { output } = processBatch(
      model,
      state,
      [handheld({ tag: '10C1', time: at(5) }), handheld({ tag: 'AA01', time: at(1) })],
      NOW,
    );
    expect(output.things).toEqual([expect.objectContaining({ zoneId: null, locationTagId: null })]);
  });

  it('reports one update per endpoint, the last location read', () => {
    const { output } = processBatch(
      model,
      state,
      [
        handheld({ tag: '10C1' }),
        handheld({ tag: '10C2', time: at(1) }),
        handheld({ tag: '10C2', time: at(2) }),
      ],
      NOW,
    );
    expect(output.endpointLocations).toEqual([{ endpointId: 'handheld', locationTagId: 'lt-bare' }]);
  });

  it('a location tag without a zone leaves the thing where it is', () => {
    const inStore = engineState([thing('box', { zoneId: 'store', lastZoneTime: T0 })], { AA01: 'box' });
    const { output } = processBatch(
      model,
      inStore,
      [handheld({ tag: '10C2', time: at(1) }), handheld({ tag: 'AA01', time: at(2) })],
      NOW,
    );
    expect(output.things).toEqual([expect.objectContaining({ zoneId: 'store', locationTagId: 'lt-bare' })]);
    expect(output.zoneStays).toEqual([]);
  });
});
