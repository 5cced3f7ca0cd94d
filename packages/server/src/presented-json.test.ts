/**
 * The JSON each entity is presented as, pinned byte for byte: REST (things, events, zones), the
 * live stream's messages (event, thing, zoneChange, exception) and a thing API write's live
 * message. Whatever builds these objects, their text must stay what clients already read.
 */
import { NO_THING_ID } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import type { events, things, zones } from './db/schema.js';
import { presentEvent } from './features/events/presenter.js';
import { presentThing } from './features/things/presenter.js';
import { presentZone } from './features/zones/presenter.js';
import type { EventWrite, ThingState } from './tracking/engine/index.js';
import { type Committed, liveMessages } from './tracking/store/publish.js';

const T0 = Date.UTC(2024, 4, 6, 7, 8, 9, 123);
const at = (ms: number) => new Date(T0 + ms);

const thingRow: typeof things.$inferSelect = {
  id: 'a00000000000000000000001',
  orgId: 'org',
  siteId: 's00000000000000000000001',
  name: 'Pallet "7"',
  description: 'Blue é',
  serial: 'SN-1',
  class: 'worker',
  tag1: 'E1',
  tag2: null,
  tags: ['E3', 'E4'],
  categories: ['c1'],
  labels: ['fragile'],
  parents: ['a00000000000000000000002'],
  photo: ['p1'],
  timeCreated: at(0),
  timeModified: at(1000),
  deletedAt: null,
  zoneId: 'z00000000000000000000001',
  lastZoneTime: at(2000),
  lastEvent: at(3000),
  lastEndpointTime: null,
  endpointId: 'e00000000000000000000001',
  direction: 'IN',
  locationTagId: null,
  mapId: 'm00000000000000000000001',
  x: 0.25,
  y: 1 / 3,
  alarmTamper: true,
  alarmTamperTag: 'E1',
  alarmTamperTime: at(4000),
  data: { cFloat0: 21.5, other: 1 },
};

const THING_REST =
  '{"_id":"a00000000000000000000001","name":"Pallet \\"7\\"","description":"Blue é","serial":"SN-1","class":"worker","tag1":"E1","tag2":"","tags":["E3","E4"],"categories":["c1"],"labels":["fragile"],"timeCreated":"2024-05-06T07:08:09.123Z","timeModified":"2024-05-06T07:08:10.123Z","parents":["a00000000000000000000002"],"photo":["p1"],"site":"s00000000000000000000001","zone":"z00000000000000000000001","lastZoneTime":"2024-05-06T07:08:11.123Z","lastEvent":"2024-05-06T07:08:12.123Z","lastEndpointTime":null,"endpoint":"e00000000000000000000001","direction":"IN","locationTag":null,"map":"m00000000000000000000001","xycoordinates":[0.25,0.3333333333333333],"alarmTamper":true,"alarmTamperTag":"E1","alarmTamperTime":"2024-05-06T07:08:13.123Z","data":{"cFloat0":21.5}}';

const eventRow: typeof events.$inferSelect = {
  id: 255,
  orgId: 'org',
  siteId: 's00000000000000000000001',
  tag: 'E1',
  thingId: 'a00000000000000000000001',
  time: at(5000),
  firstTime: at(0),
  repeatCount: 4,
  direction: 'OUT',
  endpointId: 'e00000000000000000000001',
  antenna: 2,
  zoneId: 'z00000000000000000000001',
  locationTagId: 'l00000000000000000000001',
  alarmTamper: false,
  data: { cFloat0: 3 },
  edits: [],
};
const names = { endpointName: 'Dock reader', zoneName: 'Dock', locationTagName: 'Bay 4' };

const EVENT =
  '{"_id":"0000000000000000000000ff","tag":"E1","thing":"a00000000000000000000001","time":"2024-05-06T07:08:14.123Z","firstTime":"2024-05-06T07:08:09.123Z","repeatCount":4,"direction":"OUT","endpoint":"e00000000000000000000001","endpointName":"Dock reader","antenna":2,"zone":"z00000000000000000000001","zoneName":"Dock","locationTag":"l00000000000000000000001","locationTagName":"Bay 4","alarmTamper":false,"data":{"cFloat0":3},"edits":[],"matched":true}';

const zoneRow: typeof zones.$inferSelect = {
  id: 'z00000000000000000000001',
  orgId: 'org',
  siteId: 's00000000000000000000001',
  name: 'Dock',
  description: '',
  durationNs: 60_000_000_000,
  emails: ['ops@example.com'],
  killDuration: 1.5,
  immediateKill: false,
  killMode: 'deleteThing',
  gates: [{ endpoint: 'e00000000000000000000001', direction: 'IN', antenna: -1 }],
  timeCreated: at(0),
};
const ZONE =
  '{"_id":"z00000000000000000000001","name":"Dock","description":"","duration":60000000000,"emails":["ops@example.com"],"killDuration":1.5,"immediateKill":false,"killMode":"deleteThing","gates":[{"endpoint":"e00000000000000000000001","direction":"IN","antenna":-1}],"site":"s00000000000000000000001"}';

describe('REST presentation', () => {
  it('writes a thing, an event and a zone as clients read them', () => {
    expect(JSON.stringify(presentThing(thingRow))).toBe(THING_REST);
    expect(JSON.stringify(presentEvent(eventRow, eventRow.id, names))).toBe(EVENT);
    expect(JSON.stringify(presentZone(zoneRow))).toBe(ZONE);
  });

  it('reads odd stored values as the API defines them', () => {
    const odd = { ...thingRow, class: 'visitor', tag1: null, x: 0.5, y: null, data: { cFloat0: 'x' } };
    expect(presentThing(odd)).toMatchObject({ class: 'item', tag1: '', xycoordinates: null, data: {} });
    const unmatched = { ...eventRow, thingId: NO_THING_ID, data: null, edits: 'x' };
    expect(presentEvent(unmatched, unmatched.id, names)).toMatchObject({
      matched: false,
      data: {},
      edits: [],
    });
  });
});

const state: ThingState = {
  id: thingRow.id,
  class: 'worker',
  siteId: thingRow.siteId,
  zoneId: 'z00000000000000000000001',
  lastZoneTime: T0 + 2000,
  lastEvent: T0 + 3000,
  lastEndpointTime: null,
  endpointId: 'e00000000000000000000001',
  direction: 'IN',
  locationTagId: null,
  mapId: 'm00000000000000000000001',
  x: 0.25,
  y: 1 / 3,
  alarmTamper: true,
  alarmTamperTag: 'E1',
  alarmTamperTime: T0 + 4000,
  data: { cFloat0: 21.5 },
  parents: [],
  deleted: false,
};
const write: EventWrite = {
  eventId: null,
  tag: 'E1',
  thingId: thingRow.id,
  siteId: thingRow.siteId,
  endpointId: 'e00000000000000000000001',
  antenna: 2,
  direction: 'OUT',
  zoneId: 'z00000000000000000000001',
  locationTagId: 'l00000000000000000000001',
  firstTime: T0,
  time: T0 + 5000,
  repeatCount: 4,
  alarmTamper: false,
  data: { cFloat0: 3 },
  addedRepeats: 1,
  open: true,
};
const siteId = thingRow.siteId;
const committed: Committed = {
  orgId: 'org',
  messages: [
    { type: 'event', siteId, event: write },
    { type: 'thing', siteId, change: 'updated', thing: state },
    { type: 'zoneChange', siteId, thingId: thingRow.id, fromZoneId: null, toZoneId: state.zoneId, time: T0 },
  ],
  eventIds: new Map([[write, 255]]),
  exceptions: [],
  directory: {
    zoneNames: new Map([['z00000000000000000000001', 'Dock']]),
    zoneEmails: new Map(),
    endpointNames: new Map([['e00000000000000000000001', 'Dock reader']]),
    thingNames: new Map([[thingRow.id, 'Pallet "7"']]),
    locationTagNames: new Map([['l00000000000000000000001', 'Bay 4']]),
  },
};

describe('live presentation', () => {
  it('writes a batch’s event, thing and zone change messages as clients read them', () => {
    const [event, thing, zoneChange] = liveMessages(committed, 0).map((m) => JSON.stringify(m.data));
    expect(event).toBe(EVENT);
    expect(thing).toBe(
      '{"_id":"a00000000000000000000001","change":"updated","name":"Pallet \\"7\\"","class":"worker","site":"s00000000000000000000001","zone":"z00000000000000000000001","zoneName":"Dock","lastZoneTime":"2024-05-06T07:08:11.123Z","lastEvent":"2024-05-06T07:08:12.123Z","lastEndpointTime":null,"endpoint":"e00000000000000000000001","direction":"IN","locationTag":null,"map":"m00000000000000000000001","xycoordinates":[0.25,0.3333333333333333],"alarmTamper":true,"alarmTamperTag":"E1","alarmTamperTime":"2024-05-06T07:08:13.123Z","data":{"cFloat0":21.5}}',
    );
    expect(zoneChange).toBe(
      '{"thing":"a00000000000000000000001","thingName":"Pallet \\"7\\"","from":null,"fromName":null,"to":"z00000000000000000000001","toName":"Dock","time":"2024-05-06T07:08:09.123Z"}',
    );
  });

  it('writes a stored exception as clients read it', () => {
    const record = {
      type: 'zoneTimeException' as const,
      siteId,
      time: T0,
      thingId: thingRow.id,
      zoneId: 'z00000000000000000000001',
      multipleThings: [],
      timeDurationNs: 60_000_000_000,
      stayStart: T0 - 1000,
      expectedZoneId: null,
      message: 'has been in the zone too long',
    };
    const c = {
      ...committed,
      messages: [{ type: 'exception' as const, siteId, exception: record }],
      exceptions: [{ id: 'x00000000000000000000001', record }],
    };
    expect(JSON.stringify(liveMessages(c, 0)[0]?.data)).toBe(
      '{"_id":"x00000000000000000000001","type":"zoneTimeException","time":"2024-05-06T07:08:09.123Z","thing":"a00000000000000000000001","thingName":"Pallet \\"7\\"","zone":"z00000000000000000000001","zoneName":"Dock","multipleThings":[],"timeDuration":60000000000,"message":"has been in the zone too long"}',
    );
  });
});
