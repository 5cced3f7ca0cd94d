import { NO_THING_ID } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { at, engineState, openEvent, SITE, siteModel, T0, thing, zone } from './fixtures.js';
import { manualMove } from './manual.js';

const NOW = at(120);
const state = engineState(
  [thing('box', { zoneId: 'dock', lastZoneTime: T0, lastEndpointTime: T0, mapId: 'floor', x: 0.2, y: 0.3 })],
  { AA01: 'box' },
  [openEvent({ zoneId: 'dock', time: at(100) })],
);

describe('manual move', () => {
  it('places the thing as if a gate saw it: new event, stay closed, zone change', () => {
    const { output, state: next } = manualMove(
      siteModel(),
      state,
      { tag: 'AA01', zoneId: 'store', siteId: SITE },
      NOW,
    );
    expect(output.events).toEqual([
      expect.objectContaining({
        eventId: null,
        thingId: 'box',
        endpointId: null,
        zoneId: 'store',
        time: NOW,
        open: true,
      }),
    ]);
    expect(output.zoneStays).toEqual([
      expect.objectContaining({ zoneId: 'dock', timeStart: T0, timeEnd: NOW }),
    ]);
    expect(output.things).toEqual([
      expect.objectContaining({
        zoneId: 'store',
        lastZoneTime: NOW,
        lastEndpointTime: NOW,
        endpointId: null,
        mapId: null,
      }),
    ]);
    expect(output.messages).toContainEqual(
      expect.objectContaining({ type: 'zoneChange', fromZoneId: 'dock', toZoneId: 'store' }),
    );
    expect(next.openEvents.get('AA01')).toMatchObject({ endpointId: null, zoneId: 'store' });
  });

  it.each([
    ['the same zone: an event, no stay', 'dock', 0, 'dock'],
    ['off site', null, 1, null],
  ])('%s', (_label, zoneId, stays, expected) => {
    const { output } = manualMove(siteModel(), state, { tag: 'AA01', zoneId, siteId: SITE }, NOW);
    expect(output.events).toHaveLength(1);
    expect(output.zoneStays).toHaveLength(stays);
    expect(output.things[0].zoneId).toBe(expected);
  });

  it('applies immediate kill', () => {
    const model = siteModel({
      zones: [zone('dock'), zone('shipped', { immediateKill: true, killMode: 'deleteThing' })],
    });
    const { output } = manualMove(model, state, { tag: 'AA01', zoneId: 'shipped', siteId: SITE }, NOW);
    expect(output.things[0]).toMatchObject({ zoneId: null, deleted: true });
  });

  it.each([
    ['an unknown tag is recorded against the placeholder', 'FFFF', NO_THING_ID],
    ['a deleted thing is recorded but not moved', 'DD01', 'gone'],
  ])('%s', (_label, tag, thingId) => {
    const withDeleted = engineState([thing('gone', { deleted: true })], { DD01: 'gone' });
    const { output } = manualMove(siteModel(), withDeleted, { tag, zoneId: 'store', siteId: SITE }, NOW);
    expect(output.events.map((e) => e.thingId)).toEqual([thingId]);
    expect(output.things).toEqual([]);
  });
});
