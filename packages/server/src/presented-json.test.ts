/**
 * The JSON each entity is presented as, pinned byte for byte: REST (things, events, zones, users,
 * API keys, SSO settings, endpoints and their status, images, webhooks and their deliveries), the
 * live stream's messages (event, thing, zoneChange, exception, heartbeat) and a thing API write's
 * live message. Whatever builds these objects, their text must stay what clients already read.
 */
import { NO_THING_ID, presentHeartbeat } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import type {
  apiKeys,
  endpointStatus,
  endpoints,
  events,
  images,
  ssoSettings,
  things,
  users,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhooks,
  zones,
} from './db/schema.js';
import { presentApiKey } from './features/apikeys/presenter.js';
import { presentEndpoint, presentEndpointStatus } from './features/endpoints/presenter.js';
import { presentEvent } from './features/events/presenter.js';
import { presentImage } from './features/images/presenter.js';
import { presentSsoSettings } from './features/ssosettings/presenter.js';
import { presentThing } from './features/things/presenter.js';
import { presentUser } from './features/users/presenter.js';
import { presentDelivery, presentWebhook } from './features/webhooks/presenter.js';
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
  pendingZoneId: null,
  pendingZoneSince: null,
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
  rssi: -58,
  edits: [],
};
const names = { endpointName: 'Dock reader', zoneName: 'Dock', locationTagName: 'Bay 4' };

const EVENT =
  '{"_id":"0000000000000000000000ff","tag":"E1","thing":"a00000000000000000000001","time":"2024-05-06T07:08:14.123Z","firstTime":"2024-05-06T07:08:09.123Z","repeatCount":4,"direction":"OUT","endpoint":"e00000000000000000000001","endpointName":"Dock reader","antenna":2,"zone":"z00000000000000000000001","zoneName":"Dock","locationTag":"l00000000000000000000001","locationTagName":"Bay 4","alarmTamper":false,"data":{"cFloat0":3},"rssi":-58,"edits":[],"matched":true}';

const zoneRow: typeof zones.$inferSelect = {
  id: 'z00000000000000000000001',
  orgId: 'org',
  siteId: 's00000000000000000000001',
  name: 'Dock',
  description: '',
  epcisId: '',
  durationNs: 60_000_000_000,
  entryDelayNs: 0,
  emails: ['ops@example.com'],
  killDuration: 1.5,
  immediateKill: false,
  killMode: 'deleteThing',
  gates: [{ endpoint: 'e00000000000000000000001', direction: 'IN', antenna: -1 }],
  timeCreated: at(0),
};
const ZONE =
  '{"_id":"z00000000000000000000001","name":"Dock","description":"","epcisId":"","duration":60000000000,"entryDelay":0,"emails":["ops@example.com"],"killDuration":1.5,"immediateKill":false,"killMode":"deleteThing","gates":[{"endpoint":"e00000000000000000000001","direction":"IN","antenna":-1}],"site":"s00000000000000000000001"}';

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
  rssi: -58,
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
    workers: new Set(),
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

  it('names the workers each message is about (never sent: each subscriber is presented its own)', () => {
    const item = 'i00000000000000000000001';
    const shortage = {
      type: 'inventoryThingsMissing' as const,
      siteId,
      time: T0,
      thingId: item,
      zoneId: 'z00000000000000000000001',
      multipleThings: [thingRow.id, item],
      timeDurationNs: null,
      stayStart: T0 - 1000,
      expectedZoneId: null,
      message: 'missing',
    };
    const c: Committed = {
      ...committed,
      messages: [...committed.messages, { type: 'exception', siteId, exception: shortage }],
      exceptions: [{ id: 'x00000000000000000000002', record: shortage }],
    };
    const workersOf = (x: Committed) => liveMessages(x, 0).map((m) => [m.type, m.workers]);
    // The thing's own state says it is a worker; events and zone changes know it from the directory.
    expect(workersOf(c)).toEqual([
      ['event', undefined],
      ['thing', [thingRow.id]],
      ['zoneChange', undefined],
      ['exception', undefined],
    ]);
    const known = { ...c, directory: { ...c.directory, workers: new Set([thingRow.id]) } };
    expect(workersOf(known)).toEqual([
      ['event', [thingRow.id]],
      ['thing', [thingRow.id]],
      ['zoneChange', [thingRow.id]],
      ['exception', [thingRow.id]],
    ]);
    // Not part of the data a client parses.
    expect(liveMessages(known, 0).every((m) => !JSON.stringify(m.data).includes('"workers"'))).toBe(true);
  });
});

/*
 * Accounts, readers, photos and webhooks: each entity's presenter, pinned with its odd stored values
 * (a fractional antenna, a coordinate that is not a number, a deleted category, a stored secret).
 */
const userRow: typeof users.$inferSelect = {
  id: 'u00000000000000000000001',
  orgId: 'org',
  name: 'Ana "Ops" Núñez',
  username: 'ana@example.com',
  passwordHash: 'secret-hash',
  roles: ['r00000000000000000000002'],
  sites: ['s00000000000000000000001'],
  companies: ['Acme'],
  failedLogins: 2,
  locked: true,
  timeCreated: at(0),
  timeModified: at(1000),
};

const apiKeyRow: typeof apiKeys.$inferSelect = {
  id: 'k00000000000000000000001',
  orgId: 'org',
  name: 'Dock scanner',
  tokenHash: 'hash',
  tokenPrefix: 'slk_ab12',
  roles: ['r00000000000000000000003'],
  sites: ['s00000000000000000000001'],
  timeCreated: at(0),
};

const endpointRow: typeof endpoints.$inferSelect = {
  id: 'e00000000000000000000001',
  orgId: 'org',
  siteId: 's00000000000000000000001',
  name: 'Dock reader',
  mapId: 'm00000000000000000000001',
  uuid: '9b2f0c1e-4d5a-4c3b-8a7e-0f1e2d3c4b5a',
  key: 'reader-secret',
  externalGate: true,
  x: 0.25,
  y: 1 / 3,
  description: 'By the door',
  epcisId: '',
  autoEnroll: true,
  autoEnrollLocations: false,
  antennas: [
    { antenna: 2.7, xycoordinates: [1, 'x'], map: '' },
    { antenna: 1, xycoordinates: [0.5, 0.5], map: 'm00000000000000000000001' },
  ],
  config: { power: 30 },
  locationTagId: null,
  lastHeartbeat: at(2000),
  connection: { mode: 'push' },
  connectionPassword: '',
  timeCreated: at(0),
};

const statusRow: typeof endpointStatus.$inferSelect = {
  id: 7,
  endpointId: 'e00000000000000000000001',
  time: at(2000),
  ip: '10.0.0.7',
  version: '8.1.0',
  uptime: 3600.5,
  readerTemp: null,
  kind: 'heartbeat',
  message: '',
  cpu: 17,
  antennas: [
    { antenna: 2, state: 'connected' },
    { antenna: 3, state: 'unplugged' },
  ],
  dropped: 0,
  buffered: null,
};

const imageRow: typeof images.$inferSelect = {
  id: 'i00000000000000000000001',
  orgId: 'org',
  siteId: 's00000000000000000000001',
  timestamp: at(0),
  timeCreated: at(1000),
  uploader: 'ana@example.com',
  longitude: -3.7,
  latitude: 40.4,
  annotation: 'Dent on the "left"',
  tags: ['E1'],
  categories: ['c1', 'c-gone'],
  fileName: 'dock.jpg',
  bytes: 1234,
  sizeX: 640,
  sizeY: 480,
  format: 'jpeg',
  orientation: 6,
  device: 'phone',
  sha256: 'ab'.repeat(32),
  make: 'Canon',
  model: 'EOS',
};

const webhookRow: typeof webhooks.$inferSelect = {
  id: 'w00000000000000000000001',
  orgId: 'org',
  event: 'zoneChange',
  format: 'json',
  targetUrl: 'https://hooks.example.com/in?a=1',
  requestHeaders: { 'X-Token': 't' },
  fields: [{ localField: 'name', remoteFieldName: 'Name', stringValue: '', invertFilters: false }],
  secret: 'whsec_x',
  timeCreated: at(0),
  drainUntil: null,
  legacySecret: null,
};

const deliveryRow: typeof webhookDeliveries.$inferSelect = {
  id: 42,
  webhookId: webhookRow.id,
  payload: { event: 'zoneChange' },
  attempts: 2,
  nextAttemptAt: at(60_000),
  firstAttemptAt: at(0),
  status: 500,
  latencyMs: 120,
  responseExcerpt: 'oops',
  done: false,
  event: 'zoneChange',
  error: 'HTTP 500',
  lastAttemptAt: at(30_000),
  failed: false,
  messageId: null,
};

const attemptRows: (typeof webhookDeliveryAttempts.$inferSelect)[] = [
  {
    id: 1,
    deliveryId: 42,
    webhookId: webhookRow.id,
    attempt: 1,
    time: at(0),
    ok: false,
    error: 'timed out',
    latencyMs: 10_000,
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: '{"event":"zoneChange"}',
    responseStatus: null,
    responseHeaders: null,
    responseExcerpt: null,
  },
  {
    id: 2,
    deliveryId: 42,
    webhookId: webhookRow.id,
    attempt: 2,
    time: at(30_000),
    ok: false,
    error: 'HTTP 500',
    latencyMs: 120,
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: '{"event":"zoneChange"}',
    responseStatus: 500,
    responseHeaders: null,
    responseExcerpt: null,
  },
];

const ssoRow: typeof ssoSettings.$inferSelect = {
  orgId: 'org',
  oktaIssuer: 'https://acme.okta.com',
  oktaClientId: '0oa1',
  oktaClientSecret: 'shh',
  entraTenant: '',
  requireTotp: true,
  allowSuperAdminSso: false,
};

const USER =
  '{"id":"u00000000000000000000001","name":"Ana \\"Ops\\" Núñez","username":"ana@example.com","roles":["r00000000000000000000002"],"securityCtx":{"sites":["s00000000000000000000001"],"companies":["Acme"]},"locked":true,"timeCreated":"2024-05-06T07:08:09.123Z"}';
const API_KEY =
  '{"_id":"k00000000000000000000001","name":"Dock scanner","token":"slk_ab12…","roles":["r00000000000000000000003"],"securityCtx":{"sites":["s00000000000000000000001"]},"timeCreated":"2024-05-06T07:08:09.123Z"}';
const API_KEY_NEW =
  '{"_id":"k00000000000000000000001","name":"Dock scanner","token":"slk_ab12cd34","roles":["r00000000000000000000003"],"securityCtx":{"sites":["s00000000000000000000001"]},"timeCreated":"2024-05-06T07:08:09.123Z"}';
const ENDPOINT =
  '{"_id":"e00000000000000000000001","name":"Dock reader","uuid":"9b2f0c1e-4d5a-4c3b-8a7e-0f1e2d3c4b5a","site":"s00000000000000000000001","map":"m00000000000000000000001","xycoordinates":[0.25,0.3333333333333333],"externalgate":true,"description":"By the door","epcisId":"","autoEnroll":{"enabled":true,"locationEnabled":false},"antennas":[{"antenna":2,"xycoordinates":[1,0],"map":null},{"antenna":1,"xycoordinates":[0.5,0.5],"map":"m00000000000000000000001"}],"status":{"endpoint":"e00000000000000000000001","time":"2024-05-06T07:08:11.123Z","kind":"heartbeat","message":"","ip":"10.0.0.7","version":"8.1.0","uptime":3600.5,"readerTemp":null,"cpu":17,"dropped":0,"buffered":null,"antennas":[{"antenna":2,"state":"connected"}]},"connection":{"mode":"push","host":"","port":null,"username":"","tls":false,"hasPassword":false,"since":null,"error":null,"reportsReceived":0,"reconnects":0,"antennas":{}}}';
const ENDPOINT_NEVER =
  '{"_id":"e00000000000000000000001","name":"Dock reader","uuid":"9b2f0c1e-4d5a-4c3b-8a7e-0f1e2d3c4b5a","site":"s00000000000000000000001","map":"m00000000000000000000001","xycoordinates":[0.25,0.3333333333333333],"externalgate":true,"description":"By the door","epcisId":"","autoEnroll":{"enabled":true,"locationEnabled":false},"antennas":[{"antenna":2,"xycoordinates":[1,0],"map":null},{"antenna":1,"xycoordinates":[0.5,0.5],"map":"m00000000000000000000001"}],"status":null,"connection":{"mode":"push","host":"","port":null,"username":"","tls":false,"hasPassword":false,"since":null,"error":null,"reportsReceived":0,"reconnects":0,"antennas":{}}}';
const STATUS =
  '{"endpoint":"e00000000000000000000001","time":"2024-05-06T07:08:11.123Z","kind":"heartbeat","message":"","ip":"10.0.0.7","version":"8.1.0","uptime":3600.5,"readerTemp":null,"cpu":17,"dropped":0,"buffered":null,"antennas":[{"antenna":2,"state":"connected"}]}';
const IMAGE =
  '{"_id":"i00000000000000000000001","id":"i00000000000000000000001","site":"s00000000000000000000001","timestamp":"2024-05-06T07:08:09.123Z","timeCreated":"2024-05-06T07:08:10.123Z","uploader":"ana@example.com","location":{"type":"Point","coordinates":[-3.7,40.4]},"annotation":"Dent on the \\"left\\"","tags":["E1"],"categories":[{"id":"c1","name":"Damage"}],"fileName":"dock.jpg","sha256":"abababababababababababababababababababababababababababababababab","cloud_photos":{"bytes":1234,"sizeX":640,"sizeY":480,"format":"jpeg"},"exif_data":{"orientation":{"value":6},"make":"Canon","model":"EOS"}}';
const WEBHOOK =
  '{"id":"w00000000000000000000001","event":"zoneChange","format":"json","targetUrl":"https://hooks.example.com/in?a=1","requestHeaders":{"X-Token":"t"},"fields":[{"localField":"name","remoteFieldName":"Name","stringValue":"","invertFilters":false}],"timeCreated":"2024-05-06T07:08:09.123Z"}';
const DELIVERY =
  '{"id":"42","event":"zoneChange","state":"pending","time":"2024-05-06T07:08:39.123Z","timeQueued":"2024-05-06T07:08:09.123Z","status":500,"error":"HTTP 500","latencyMs":120,"attempt":2,"nextAttempt":"2024-05-06T07:09:09.123Z","responseExcerpt":"oops","attempts":[{"attempt":1,"time":"2024-05-06T07:08:09.123Z","ok":false,"error":"timed out","latencyMs":10000,"request":{"headers":{"content-type":"application/json"},"body":"{\\"event\\":\\"zoneChange\\"}"},"response":null},{"attempt":2,"time":"2024-05-06T07:08:39.123Z","ok":false,"error":"HTTP 500","latencyMs":120,"request":{"headers":{"content-type":"application/json"},"body":"{\\"event\\":\\"zoneChange\\"}"},"response":{"status":500,"headers":{},"excerpt":""}}]}';
const SSO =
  '{"oktaIssuer":"https://acme.okta.com","oktaClientId":"0oa1","oktaClientSecret":"********","entraTenant":"","requireTotp":true,"allowSuperAdminSso":false}';
const SSO_NONE =
  '{"oktaIssuer":"","oktaClientId":"","oktaClientSecret":"","entraTenant":"","requireTotp":false,"allowSuperAdminSso":false}';
const HEARTBEAT =
  '{"endpoint":"e00000000000000000000001","name":"Dock reader","time":"2024-05-06T07:08:11.123Z","kind":"heartbeat","message":"","ip":"10.0.0.7","version":"8.1.0","uptime":3600.5,"readerTemp":null,"cpu":17,"dropped":0,"buffered":null,"antennas":[{"antenna":2,"state":"connected"}]}';

describe('REST presentation of accounts, readers, photos and webhooks', () => {
  it('writes a user, an API key and SSO settings as clients read them', () => {
    expect(JSON.stringify(presentUser(userRow))).toBe(USER);
    expect(JSON.stringify(presentApiKey(apiKeyRow))).toBe(API_KEY);
    expect(JSON.stringify(presentApiKey(apiKeyRow, 'slk_ab12cd34'))).toBe(API_KEY_NEW);
    expect(JSON.stringify(presentSsoSettings(ssoRow))).toBe(SSO);
    expect(JSON.stringify(presentSsoSettings(undefined))).toBe(SSO_NONE);
  });

  it('writes an endpoint, its status and its live heartbeat as clients read them', () => {
    expect(JSON.stringify(presentEndpoint(endpointRow, statusRow))).toBe(ENDPOINT);
    expect(JSON.stringify(presentEndpoint(endpointRow, undefined))).toBe(ENDPOINT_NEVER);
    expect(JSON.stringify(presentEndpointStatus(statusRow))).toBe(STATUS);
    expect(JSON.stringify(presentHeartbeat(statusRow, 'Dock reader'))).toBe(HEARTBEAT);
  });

  it('writes an image, a webhook and a delivery with its attempts as clients read them', () => {
    expect(JSON.stringify(presentImage(imageRow, new Map([['c1', 'Damage']])))).toBe(IMAGE);
    expect(JSON.stringify(presentWebhook(webhookRow))).toBe(WEBHOOK);
    expect(JSON.stringify(presentDelivery(deliveryRow, attemptRows))).toBe(DELIVERY);
  });
});
