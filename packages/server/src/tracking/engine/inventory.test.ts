import { describe, expect, it } from 'vitest';
import { at, T0, thing, zone } from './fixtures.js';
import { INVENTORY_SETTLE_MS, inventoryCheck, inventoryDue, type KitView } from './inventory.js';
import type { ThingState } from './types.js';

const zones = new Map([
  ['bench', zone('bench')],
  ['yard', zone('yard')],
]);
const SETTLED = T0 + INVENTORY_SETTLE_MS;
const kit = thing('kit', { zoneId: 'bench', lastZoneTime: T0 });
const child = (id: string, zoneId: string | null, overrides: Partial<ThingState> = {}) =>
  thing(id, { zoneId, lastZoneTime: zoneId ? at(5) : null, parents: ['kit'], ...overrides });
const present = [child('c1', 'bench'), child('c2', 'bench'), child('c3', 'bench')];

function view(overrides: Partial<KitView> = {}): KitView {
  const children = overrides.children ?? present;
  return {
    parent: kit,
    children,
    zoneOccupants: children.filter((c) => c.zoneId === 'bench'),
    parentZones: new Map(),
    ...overrides,
  };
}

describe('inventory shortage and wrong zone', () => {
  it.each([
    ['not settled yet', view({ children: [child('c1', 'yard')] }), SETTLED - 1, []],
    ['every child present', view(), SETTLED, []],
    [
      'a parent off site',
      view({ parent: thing('kit', { zoneId: null, lastZoneTime: T0 }), children: [child('c1', 'yard')] }),
      SETTLED,
      [],
    ],
    [
      'a deleted missing child is not missed',
      view({ children: [child('c1', 'bench'), child('c2', 'yard', { deleted: true })] }),
      SETTLED,
      [],
    ],
  ])('%s → nothing', (_label, kitView, now, expected) => {
    expect(inventoryCheck(kitView, zones, now)).toEqual(expected);
  });

  it('raises one shortage listing every missing child', () => {
    const children = [child('c1', 'bench'), child('c2', 'yard'), child('c3', null)];
    expect(inventoryCheck(view({ children }), zones, SETTLED + 5000)).toEqual([
      {
        type: 'inventoryThingsMissing',
        siteId: 'site-1',
        time: SETTLED,
        thingId: 'kit',
        zoneId: 'bench',
        multipleThings: ['c2', 'c3'],
        timeDurationNs: null,
        stayStart: T0,
        expectedZoneId: null,
        message: 'Inventory shortage(s) in zone Zone bench',
      },
    ]);
  });

  it('a single child seen in another zone is in the wrong zone', () => {
    const children = [child('c1', 'bench'), child('c2', 'yard')];
    expect(inventoryCheck(view({ children }), zones, SETTLED)).toEqual([
      expect.objectContaining({
        type: 'inventoryThingsUnexpected',
        thingId: 'c2',
        zoneId: 'yard',
        expectedZoneId: 'bench',
        multipleThings: ['c2'],
        stayStart: T0,
        message: 'was expected in Zone bench but was seen in Zone yard instead',
      }),
    ]);
  });

  it('a single child off site is a shortage (it was seen nowhere)', () => {
    const [exception] = inventoryCheck(view({ children: [child('c1', null)] }), zones, SETTLED);
    expect(exception).toMatchObject({ type: 'inventoryThingsMissing', multipleThings: ['c1'] });
  });
});

describe('inventory overage', () => {
  const stray = (overrides: Partial<ThingState> = {}) =>
    thing('stray', { zoneId: 'bench', lastZoneTime: at(30), parents: ['other-kit'], ...overrides });
  const elsewhere = new Map<string, string | null>([
    ['other-kit', 'yard'],
    ['kit2', 'bench'],
  ]);

  it.each([
    ['a kit member whose parent is elsewhere, arrived with the kit', stray(), ['stray']],
    [
      'arrived up to the settle time before the kit',
      stray({ lastZoneTime: T0 - INVENTORY_SETTLE_MS }),
      ['stray'],
    ],
    ['arrived before that window', stray({ lastZoneTime: T0 - INVENTORY_SETTLE_MS - 1 }), []],
    ['arrived after the window', stray({ lastZoneTime: SETTLED + 1 }), []],
    ['one of its parents is here', stray({ parents: ['other-kit', 'kit2'] }), []],
    ['a parent not loaded counts as elsewhere', stray({ parents: ['unknown-kit'] }), ['stray']],
    ['a thing in no kit is never an overage', stray({ parents: [] }), []],
    ['a deleted thing', stray({ deleted: true }), []],
  ])('%s', (_label, occupant, expected) => {
    const found = inventoryCheck(
      view({ zoneOccupants: [...present, occupant], parentZones: elsewhere }),
      zones,
      SETTLED + 60_000,
    ).filter((e) => e.type === 'inventoryThingsUnexpected');
    expect(found.map((e) => e.multipleThings)).toEqual(expected.length ? [expected] : []);
    if (expected.length)
      expect(found[0]).toMatchObject({
        thingId: 'kit',
        zoneId: 'bench',
        message: 'Inventory overage(s) in zone Zone bench',
      });
  });

  it("the kit's own children are expected", () => {
    expect(inventoryCheck(view(), zones, SETTLED)).toEqual([]);
  });
});

describe('inventoryDue: checked once, when the parent settles', () => {
  it.each([
    ['settled within (since, now]', SETTLED - 5000, SETTLED, true],
    ['settled before the last run', SETTLED, SETTLED + 5000, false],
    ['not settled yet', T0, SETTLED - 1, false],
  ])('%s', (_label, since, now, expected) => {
    expect(inventoryDue(kit, since, now)).toBe(expected);
  });

  it('a parent in no zone is never due', () => {
    expect(inventoryDue(thing('kit'), 0, SETTLED)).toBe(false);
  });
});
