/**
 * LLRP (EPCglobal Low Level Reader Protocol 1.0.1/1.1) binary codec for the messages Sightline
 * exchanges with a reader (docs/decisions/0370-own-llrp-codec.md). All integers are big-endian.
 *
 * - A message: 3 reserved bits, 3 version bits (1), a 10-bit type; a 32-bit length counting the
 *   10-byte header; a 32-bit message id; then its fields and parameters.
 * - A TLV parameter: 6 reserved bits, a 10-bit type, a 16-bit length counting its 4-byte header.
 * - A TV parameter: the top bit set, a 7-bit type, then a value whose length its type fixes.
 *
 * Parameters a decoder does not know are skipped by their length (TLV) — the standard's rule for
 * extensions — so vendor `Custom` parameters never break a report. An unknown TV type cannot be
 * skipped (its length is unknown) and is an error.
 */

const LLRP_VERSION = 1;
const HEADER_BYTES = 10;
/** No reader message Sightline reads comes near this; a larger length means a corrupt stream. */
const MESSAGE_MAX_BYTES = 16 * 1024 * 1024;

export const MessageType = {
  GET_READER_CAPABILITIES: 1,
  GET_READER_CONFIG: 2,
  SET_READER_CONFIG: 3,
  CLOSE_CONNECTION_RESPONSE: 4,
  GET_READER_CAPABILITIES_RESPONSE: 11,
  GET_READER_CONFIG_RESPONSE: 12,
  SET_READER_CONFIG_RESPONSE: 13,
  CLOSE_CONNECTION: 14,
  ADD_ROSPEC: 20,
  DELETE_ROSPEC: 21,
  START_ROSPEC: 22,
  STOP_ROSPEC: 23,
  ENABLE_ROSPEC: 24,
  DISABLE_ROSPEC: 25,
  GET_ROSPECS: 26,
  ADD_ROSPEC_RESPONSE: 30,
  DELETE_ROSPEC_RESPONSE: 31,
  START_ROSPEC_RESPONSE: 32,
  STOP_ROSPEC_RESPONSE: 33,
  ENABLE_ROSPEC_RESPONSE: 34,
  DISABLE_ROSPEC_RESPONSE: 35,
  GET_ROSPECS_RESPONSE: 36,
  GET_ACCESSSPECS_RESPONSE: 54,
  RO_ACCESS_REPORT: 61,
  KEEPALIVE: 62,
  READER_EVENT_NOTIFICATION: 63,
  ENABLE_EVENTS_AND_REPORTS: 64,
  KEEPALIVE_ACK: 72,
  ERROR_MESSAGE: 100,
} as const;

/** TLV parameter types (the standard's numbers). */
const Param = {
  UTCTimestamp: 128,
  Uptime: 129,
  GeneralDeviceCapabilities: 137,
  LLRPCapabilities: 142,
  RegulatoryCapabilities: 143,
  ROSpec: 177,
  ROBoundarySpec: 178,
  ROSpecStartTrigger: 179,
  ROSpecStopTrigger: 182,
  AISpec: 183,
  AISpecStopTrigger: 184,
  InventoryParameterSpec: 186,
  Identification: 218,
  KeepaliveSpec: 220,
  AntennaProperties: 221,
  ROReportSpec: 237,
  TagReportContentSelector: 238,
  TagReportData: 240,
  EPCData: 241,
  ReaderEventNotificationSpec: 244,
  EventNotificationState: 245,
  ReaderEventNotificationData: 246,
  ROSpecEvent: 249,
  ReportBufferLevelWarningEvent: 250,
  ReportBufferOverflowErrorEvent: 251,
  ReaderExceptionEvent: 252,
  AntennaEvent: 255,
  ConnectionAttemptEvent: 256,
  ConnectionCloseEvent: 257,
  LLRPStatus: 287,
  FieldError: 288,
  ParameterError: 289,
} as const;

/** TV parameter types and their value lengths in bytes. */
const TV_LENGTHS: Record<number, number> = {
  1: 2, // AntennaID
  2: 8, // FirstSeenTimestampUTC
  3: 8, // FirstSeenTimestampUptime
  4: 8, // LastSeenTimestampUTC
  5: 8, // LastSeenTimestampUptime
  6: 1, // PeakRSSI
  7: 2, // ChannelIndex
  8: 2, // TagSeenCount
  9: 4, // ROSpecID
  10: 2, // InventoryParameterSpecID
  11: 2, // C1G2CRC
  12: 2, // C1G2PC
  13: 12, // EPC-96
  14: 2, // SpecIndex
  15: 2, // ClientRequestOpSpecResult
  16: 4, // AccessSpecID
  17: 2, // OpSpecID
  18: 4, // C1G2SingulationDetails
  19: 2, // C1G2XPCW1
  20: 2, // C1G2XPCW2
};
const TV = {
  AntennaID: 1,
  FirstSeenUTC: 2,
  FirstSeenUptime: 3,
  LastSeenUTC: 4,
  LastSeenUptime: 5,
  PeakRSSI: 6,
  ChannelIndex: 7,
  TagSeenCount: 8,
  ROSpecID: 9,
  InventoryParameterSpecID: 10,
  EPC96: 13,
  SpecIndex: 14,
} as const;

export class LlrpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlrpError';
  }
}

// ---------------------------------------------------------------------------------------------
// Framing

export interface LlrpMessage {
  type: number;
  id: number;
  /** The message's fields and parameters, without the 10-byte header. */
  body: Buffer;
}

export function encodeMessage(type: number, id: number, body: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt16BE(((LLRP_VERSION & 0x7) << 10) | (type & 0x3ff), 0);
  header.writeUInt32BE(HEADER_BYTES + body.length, 2);
  header.writeUInt32BE(id >>> 0, 6);
  return Buffer.concat([header, body]);
}

/** Splits a TCP byte stream into messages; `push` returns the messages completed by a chunk. */
export class MessageReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): LlrpMessage[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const out: LlrpMessage[] = [];
    while (this.pending.length >= HEADER_BYTES) {
      const length = this.pending.readUInt32BE(2);
      if (length < HEADER_BYTES || length > MESSAGE_MAX_BYTES) {
        throw new LlrpError(`message length ${length} is out of range`);
      }
      if (this.pending.length < length) break;
      const first = this.pending.readUInt16BE(0);
      out.push({
        type: first & 0x3ff,
        id: this.pending.readUInt32BE(6),
        body: Buffer.from(this.pending.subarray(HEADER_BYTES, length)),
      });
      this.pending = this.pending.subarray(length);
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Parameters

export interface RawParam {
  type: number;
  tv: boolean;
  /** The value (TV) or the fields and sub-parameters after the 4-byte TLV header. */
  value: Buffer;
}

/** The parameters of `buf` from `offset` to its end. */
export function readParams(buf: Buffer, offset = 0): RawParam[] {
  const out: RawParam[] = [];
  let at = offset;
  while (at < buf.length) {
    const first = buf.readUInt8(at);
    if (first & 0x80) {
      const type = first & 0x7f;
      const length = TV_LENGTHS[type];
      if (length === undefined) throw new LlrpError(`unknown TV parameter ${type} at byte ${at}`);
      if (at + 1 + length > buf.length) throw new LlrpError(`TV parameter ${type} is cut short`);
      out.push({ type, tv: true, value: buf.subarray(at + 1, at + 1 + length) });
      at += 1 + length;
    } else {
      if (at + 4 > buf.length) throw new LlrpError(`parameter header cut short at byte ${at}`);
      const type = buf.readUInt16BE(at) & 0x3ff;
      const length = buf.readUInt16BE(at + 2);
      if (length < 4 || at + length > buf.length) {
        throw new LlrpError(`parameter ${type} length ${length} does not fit`);
      }
      out.push({ type, tv: false, value: buf.subarray(at + 4, at + length) });
      at += length;
    }
  }
  return out;
}

function tlv(type: number, ...parts: Buffer[]): Buffer {
  const value = Buffer.concat(parts);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(type & 0x3ff, 0);
  header.writeUInt16BE(4 + value.length, 2);
  return Buffer.concat([header, value]);
}

function tv(type: number, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0x80 | type]), value]);
}

const u8 = (n: number) => Buffer.from([n & 0xff]);
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n & 0xffff);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};
/** A UTF-8 string field: a 16-bit byte count, then the bytes. */
const utf8v = (s: string) => {
  const bytes = Buffer.from(s, 'utf8');
  return Buffer.concat([u16(bytes.length), bytes]);
};

function readUtf8v(buf: Buffer, at: number): { text: string; next: number } {
  const n = buf.readUInt16BE(at);
  return { text: buf.toString('utf8', at + 2, at + 2 + n), next: at + 2 + n };
}

/** A 64-bit microsecond count as a number (exact up to 2^53 µs, the year 2255). */
const readU64 = (buf: Buffer, at = 0) => Number(buf.readBigUInt64BE(at));

const find = (params: RawParam[], type: number, isTv = false) =>
  params.find((p) => p.type === type && p.tv === isTv);
const findAll = (params: RawParam[], type: number) => params.filter((p) => p.type === type && !p.tv);

// ---------------------------------------------------------------------------------------------
// LLRPStatus: every response carries it

export interface LlrpStatus {
  /** 0 = M_Success; anything else is the reader's refusal. */
  status: number;
  errorDescription: string;
  fieldError?: { fieldNum: number; errorCode: number };
  parameterError?: { parameterType: number; errorCode: number };
}

function decodeStatus(p: RawParam | undefined): LlrpStatus {
  if (!p) throw new LlrpError('LLRPStatus is missing');
  const status = p.value.readUInt16BE(0);
  const { text, next } = readUtf8v(p.value, 2);
  const subs = readParams(p.value, next);
  const out: LlrpStatus = { status, errorDescription: text };
  const field = find(subs, Param.FieldError);
  if (field)
    out.fieldError = { fieldNum: field.value.readUInt16BE(0), errorCode: field.value.readUInt16BE(2) };
  const param = find(subs, Param.ParameterError);
  if (param) {
    out.parameterError = {
      parameterType: param.value.readUInt16BE(0),
      errorCode: param.value.readUInt16BE(2),
    };
  }
  return out;
}

export function encodeStatus(status = 0, errorDescription = ''): Buffer {
  return tlv(Param.LLRPStatus, u16(status), utf8v(errorDescription));
}

/** A response body that is only an LLRPStatus (ADD_ROSPEC_RESPONSE, CLOSE_CONNECTION_RESPONSE, …). */
export function decodeStatusResponse(body: Buffer): LlrpStatus {
  return decodeStatus(find(readParams(body), Param.LLRPStatus));
}

// ---------------------------------------------------------------------------------------------
// GET_READER_CAPABILITIES(_RESPONSE)

/** RequestedData 0 = all capabilities. */
export const encodeGetReaderCapabilities = (requestedData = 0): Buffer => u8(requestedData);

export interface ReaderCapabilities {
  status: LlrpStatus;
  general?: {
    maxSupportedAntennas: number;
    canSetAntennaProperties: boolean;
    hasUTCClock: boolean;
    deviceManufacturer: number;
    model: number;
    firmwareVersion: string;
  };
  llrp?: {
    canReportBufferFillWarning: boolean;
    supportsEventsAndReportHolding: boolean;
    maxROSpecs: number;
    maxSpecsPerROSpec: number;
  };
  regulatory?: { countryCode: number; communicationsStandard: number };
}

export function decodeReaderCapabilitiesResponse(body: Buffer): ReaderCapabilities {
  const params = readParams(body);
  const out: ReaderCapabilities = { status: decodeStatus(find(params, Param.LLRPStatus)) };
  const g = find(params, Param.GeneralDeviceCapabilities);
  if (g) {
    const flags = g.value.readUInt16BE(2);
    out.general = {
      maxSupportedAntennas: g.value.readUInt16BE(0),
      canSetAntennaProperties: (flags & 0x8000) !== 0,
      hasUTCClock: (flags & 0x4000) !== 0,
      deviceManufacturer: g.value.readUInt32BE(4),
      model: g.value.readUInt32BE(8),
      firmwareVersion: readUtf8v(g.value, 12).text,
    };
  }
  const l = find(params, Param.LLRPCapabilities);
  if (l) {
    const flags = l.value.readUInt8(0);
    out.llrp = {
      canReportBufferFillWarning: (flags & 0x40) !== 0,
      supportsEventsAndReportHolding: (flags & 0x08) !== 0,
      maxROSpecs: l.value.readUInt32BE(4),
      maxSpecsPerROSpec: l.value.readUInt32BE(8),
    };
  }
  const r = find(params, Param.RegulatoryCapabilities);
  if (r)
    out.regulatory = {
      countryCode: r.value.readUInt16BE(0),
      communicationsStandard: r.value.readUInt16BE(2),
    };
  return out;
}

export interface CapabilitiesToEncode {
  maxSupportedAntennas: number;
  deviceManufacturer: number;
  model: number;
  firmwareVersion: string;
}

/** What a reader answers (the simulator's): status and the general device capabilities. */
export function encodeReaderCapabilitiesResponse(c: CapabilitiesToEncode): Buffer {
  return Buffer.concat([
    encodeStatus(),
    tlv(
      Param.GeneralDeviceCapabilities,
      u16(c.maxSupportedAntennas),
      u16(0x4000), // HasUTCClock
      u32(c.deviceManufacturer),
      u32(c.model),
      utf8v(c.firmwareVersion),
    ),
  ]);
}

// ---------------------------------------------------------------------------------------------
// GET_READER_CONFIG_RESPONSE (decoded for the identification and antenna states)

export interface ReaderConfig {
  status: LlrpStatus;
  identification?: { idType: number; readerId: Buffer };
  antennaProperties: { antennaConnected: boolean; antennaId: number; antennaGain: number }[];
  keepalive?: { triggerType: number; periodMs: number };
}

export function decodeReaderConfigResponse(body: Buffer): ReaderConfig {
  const params = readParams(body);
  const out: ReaderConfig = {
    status: decodeStatus(find(params, Param.LLRPStatus)),
    antennaProperties: findAll(params, Param.AntennaProperties).map((p) => ({
      antennaConnected: (p.value.readUInt8(0) & 0x80) !== 0,
      antennaId: p.value.readUInt16BE(1),
      antennaGain: p.value.readInt16BE(3),
    })),
  };
  const id = find(params, Param.Identification);
  if (id) {
    const n = id.value.readUInt16BE(1);
    out.identification = {
      idType: id.value.readUInt8(0),
      readerId: Buffer.from(id.value.subarray(3, 3 + n)),
    };
  }
  const k = find(params, Param.KeepaliveSpec);
  if (k) out.keepalive = { triggerType: k.value.readUInt8(0), periodMs: k.value.readUInt32BE(1) };
  return out;
}

// ---------------------------------------------------------------------------------------------
// SET_READER_CONFIG

/** ReaderEventNotificationSpec event types (the standard's numbers). */
export const ReaderEventType = {
  UpstreamHopping: 0,
  GPI: 1,
  ROSpec: 2,
  ReportBufferFillWarning: 3,
  ReaderException: 4,
  RFSurvey: 5,
  AISpec: 6,
  AISpecWithSingulation: 7,
  Antenna: 8,
} as const;

/** ROReportSpec triggers: 0 none (the client asks), 1 every N tags or the end of the AISpec, 2 … or the end of the ROSpec. */
interface ReportSpec {
  trigger: 0 | 1 | 2;
  /** Tag reports per RO_ACCESS_REPORT; 0 = unlimited (the trigger's end decides). */
  n: number;
}

export interface ReaderConfigToSet {
  resetToFactoryDefault: boolean;
  /** Periodic keepalives at this interval; absent = the reader's setting is kept. */
  keepaliveMs?: number;
  /** Reader event types to turn on (the rest are left as they are). */
  events: number[];
  report?: ReportSpec;
}

/** TagReportContentSelector bits Sightline asks for: antenna, peak RSSI, first and last seen, seen count. */
const CONTENT_ANTENNA = 0x1000;
const CONTENT_PEAK_RSSI = 0x0400;
const CONTENT_FIRST_SEEN = 0x0200;
const CONTENT_LAST_SEEN = 0x0100;
const CONTENT_SEEN_COUNT = 0x0080;
const CONTENT_SELECTOR =
  CONTENT_ANTENNA | CONTENT_PEAK_RSSI | CONTENT_FIRST_SEEN | CONTENT_LAST_SEEN | CONTENT_SEEN_COUNT;

function encodeReportSpec(r: ReportSpec): Buffer {
  return tlv(
    Param.ROReportSpec,
    u8(r.trigger),
    u16(r.n),
    tlv(Param.TagReportContentSelector, u16(CONTENT_SELECTOR)),
  );
}

function decodeReportSpec(p: RawParam): ReportSpec {
  return { trigger: p.value.readUInt8(0) as ReportSpec['trigger'], n: p.value.readUInt16BE(1) };
}

export function encodeSetReaderConfig(c: ReaderConfigToSet): Buffer {
  const parts: Buffer[] = [u8(c.resetToFactoryDefault ? 0x80 : 0)];
  if (c.events.length > 0) {
    parts.push(
      tlv(
        Param.ReaderEventNotificationSpec,
        ...c.events.map((e) => tlv(Param.EventNotificationState, u16(e), u8(0x80))),
      ),
    );
  }
  if (c.report) parts.push(encodeReportSpec(c.report));
  if (c.keepaliveMs !== undefined) parts.push(tlv(Param.KeepaliveSpec, u8(1), u32(c.keepaliveMs)));
  return Buffer.concat(parts);
}

export function decodeSetReaderConfig(body: Buffer): ReaderConfigToSet {
  const params = readParams(body, 1);
  const out: ReaderConfigToSet = { resetToFactoryDefault: (body.readUInt8(0) & 0x80) !== 0, events: [] };
  const spec = find(params, Param.ReaderEventNotificationSpec);
  if (spec) {
    out.events = findAll(readParams(spec.value), Param.EventNotificationState)
      .filter((s) => (s.value.readUInt8(2) & 0x80) !== 0)
      .map((s) => s.value.readUInt16BE(0));
  }
  const report = find(params, Param.ROReportSpec);
  if (report) out.report = decodeReportSpec(report);
  const k = find(params, Param.KeepaliveSpec);
  if (k && k.value.readUInt8(0) === 1) out.keepaliveMs = k.value.readUInt32BE(1);
  return out;
}

// ---------------------------------------------------------------------------------------------
// ROSpecs

export interface RoSpec {
  id: number;
  priority: number;
  /** Reader antenna ids; [0] = all antennas. */
  antennaIds: number[];
  /** Start trigger 1 = immediate (on ENABLE_ROSPEC), 0 = null (START_ROSPEC starts it). */
  startImmediate: boolean;
  report: ReportSpec;
}

/** ADD_ROSPEC: one AISpec inventorying EPC Class 1 Gen 2 tags on the antennas until stopped. */
export function encodeAddRospec(s: RoSpec): Buffer {
  const antennas = s.antennaIds.length > 0 ? s.antennaIds : [0];
  return tlv(
    Param.ROSpec,
    u32(s.id),
    u8(s.priority),
    u8(0), // CurrentState: disabled
    tlv(
      Param.ROBoundarySpec,
      tlv(Param.ROSpecStartTrigger, u8(s.startImmediate ? 1 : 0)),
      tlv(Param.ROSpecStopTrigger, u8(0), u32(0)), // null: runs until disabled
    ),
    tlv(
      Param.AISpec,
      u16(antennas.length),
      ...antennas.map(u16),
      tlv(Param.AISpecStopTrigger, u8(0), u32(0)),
      tlv(Param.InventoryParameterSpec, u16(1), u8(1)), // AirProtocolID 1 = EPCGlobalClass1Gen2
    ),
    encodeReportSpec(s.report),
  );
}

export function decodeAddRospec(body: Buffer): RoSpec {
  const spec = find(readParams(body), Param.ROSpec);
  if (!spec) throw new LlrpError('ADD_ROSPEC carries no ROSpec');
  const subs = readParams(spec.value, 6);
  const boundary = find(subs, Param.ROBoundarySpec);
  const start = boundary && find(readParams(boundary.value), Param.ROSpecStartTrigger);
  const ai = find(subs, Param.AISpec);
  const antennaIds: number[] = [];
  if (ai) {
    const count = ai.value.readUInt16BE(0);
    for (let i = 0; i < count; i++) antennaIds.push(ai.value.readUInt16BE(2 + 2 * i));
  }
  const report = find(subs, Param.ROReportSpec);
  return {
    id: spec.value.readUInt32BE(0),
    priority: spec.value.readUInt8(4),
    antennaIds,
    startImmediate: start ? start.value.readUInt8(0) === 1 : false,
    report: report ? decodeReportSpec(report) : { trigger: 0, n: 0 },
  };
}

/** ENABLE/START/STOP/DISABLE/DELETE_ROSPEC: one ROSpecID (0 = all, for DELETE and DISABLE). */
export const encodeRospecId = (id: number): Buffer => u32(id);
export const decodeRospecId = (body: Buffer): number => body.readUInt32BE(0);

// ---------------------------------------------------------------------------------------------
// RO_ACCESS_REPORT

export interface TagReport {
  /** Upper-case hex of the EPC (EPC-96 or EPCData). */
  epc: string;
  antennaId?: number;
  /** dBm. */
  peakRssi?: number;
  /** Microseconds since the epoch, UTC (the reader's clock). */
  firstSeenUtc?: number;
  lastSeenUtc?: number;
  tagSeenCount?: number;
  roSpecId?: number;
  channelIndex?: number;
}

function decodeTagReport(p: RawParam): TagReport {
  const params = readParams(p.value);
  let epc: string | undefined;
  const tvOf = (type: number) => find(params, type, true)?.value;
  const epc96 = tvOf(TV.EPC96);
  if (epc96) epc = epc96.toString('hex').toUpperCase();
  const data = find(params, Param.EPCData);
  if (data) {
    const bits = data.value.readUInt16BE(0);
    epc = data.value
      .subarray(2, 2 + Math.ceil(bits / 8))
      .toString('hex')
      .toUpperCase();
  }
  if (epc === undefined) throw new LlrpError('a TagReportData carries no EPC');
  const out: TagReport = { epc };
  const antenna = tvOf(TV.AntennaID);
  if (antenna) out.antennaId = antenna.readUInt16BE(0);
  const rssi = tvOf(TV.PeakRSSI);
  if (rssi) out.peakRssi = rssi.readInt8(0);
  const first = tvOf(TV.FirstSeenUTC);
  if (first) out.firstSeenUtc = readU64(first);
  const last = tvOf(TV.LastSeenUTC);
  if (last) out.lastSeenUtc = readU64(last);
  const count = tvOf(TV.TagSeenCount);
  if (count) out.tagSeenCount = count.readUInt16BE(0);
  const rospec = tvOf(TV.ROSpecID);
  if (rospec) out.roSpecId = rospec.readUInt32BE(0);
  const channel = tvOf(TV.ChannelIndex);
  if (channel) out.channelIndex = channel.readUInt16BE(0);
  return out;
}

export function decodeRoAccessReport(body: Buffer): TagReport[] {
  return findAll(readParams(body), Param.TagReportData).map(decodeTagReport);
}

export function encodeRoAccessReport(tags: TagReport[]): Buffer {
  return Buffer.concat(
    tags.map((t) => {
      const epc = Buffer.from(t.epc, 'hex');
      const parts: Buffer[] = [
        epc.length === 12 ? tv(TV.EPC96, epc) : tlv(Param.EPCData, u16(epc.length * 8), epc),
      ];
      if (t.roSpecId !== undefined) parts.push(tv(TV.ROSpecID, u32(t.roSpecId)));
      if (t.antennaId !== undefined) parts.push(tv(TV.AntennaID, u16(t.antennaId)));
      if (t.peakRssi !== undefined) parts.push(tv(TV.PeakRSSI, Buffer.from([t.peakRssi & 0xff])));
      if (t.channelIndex !== undefined) parts.push(tv(TV.ChannelIndex, u16(t.channelIndex)));
      if (t.firstSeenUtc !== undefined) parts.push(tv(TV.FirstSeenUTC, u64(t.firstSeenUtc)));
      if (t.lastSeenUtc !== undefined) parts.push(tv(TV.LastSeenUTC, u64(t.lastSeenUtc)));
      if (t.tagSeenCount !== undefined) parts.push(tv(TV.TagSeenCount, u16(t.tagSeenCount)));
      return tlv(Param.TagReportData, ...parts);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// READER_EVENT_NOTIFICATION

export interface ReaderEvent {
  /** Microseconds since the epoch (UTCTimestamp), or since the reader started (Uptime). */
  utcTimestamp?: number;
  uptime?: number;
  antennaEvent?: { connected: boolean; antennaId: number };
  /** 0 = success; 1 a client connection exists already, 2 the reader initiated one, 3 failed, 4 another connection was attempted. */
  connectionAttempt?: { status: number };
  connectionClose?: true;
  bufferLevelWarning?: { fullnessPercent: number };
  bufferOverflow?: true;
  readerException?: { message: string };
  roSpecEvent?: { eventType: number; roSpecId: number };
}

export function decodeReaderEventNotification(body: Buffer): ReaderEvent {
  const data = find(readParams(body), Param.ReaderEventNotificationData);
  if (!data) throw new LlrpError('READER_EVENT_NOTIFICATION carries no ReaderEventNotificationData');
  const params = readParams(data.value);
  const out: ReaderEvent = {};
  const utc = find(params, Param.UTCTimestamp);
  if (utc) out.utcTimestamp = readU64(utc.value);
  const uptime = find(params, Param.Uptime);
  if (uptime) out.uptime = readU64(uptime.value);
  const antenna = find(params, Param.AntennaEvent);
  if (antenna) {
    out.antennaEvent = {
      connected: antenna.value.readUInt8(0) === 1,
      antennaId: antenna.value.readUInt16BE(1),
    };
  }
  const attempt = find(params, Param.ConnectionAttemptEvent);
  if (attempt) out.connectionAttempt = { status: attempt.value.readUInt16BE(0) };
  if (find(params, Param.ConnectionCloseEvent)) out.connectionClose = true;
  const warning = find(params, Param.ReportBufferLevelWarningEvent);
  if (warning) out.bufferLevelWarning = { fullnessPercent: warning.value.readUInt8(0) };
  if (find(params, Param.ReportBufferOverflowErrorEvent)) out.bufferOverflow = true;
  const exception = find(params, Param.ReaderExceptionEvent);
  if (exception) out.readerException = { message: readUtf8v(exception.value, 0).text };
  const rospec = find(params, Param.ROSpecEvent);
  if (rospec) {
    out.roSpecEvent = { eventType: rospec.value.readUInt8(0), roSpecId: rospec.value.readUInt32BE(1) };
  }
  return out;
}

export function encodeReaderEventNotification(e: ReaderEvent): Buffer {
  const parts: Buffer[] = [tlv(Param.UTCTimestamp, u64(e.utcTimestamp ?? Date.now() * 1000))];
  if (e.connectionAttempt) parts.push(tlv(Param.ConnectionAttemptEvent, u16(e.connectionAttempt.status)));
  if (e.connectionClose) parts.push(tlv(Param.ConnectionCloseEvent));
  if (e.antennaEvent) {
    parts.push(tlv(Param.AntennaEvent, u8(e.antennaEvent.connected ? 1 : 0), u16(e.antennaEvent.antennaId)));
  }
  if (e.bufferLevelWarning)
    parts.push(tlv(Param.ReportBufferLevelWarningEvent, u8(e.bufferLevelWarning.fullnessPercent)));
  if (e.bufferOverflow) parts.push(tlv(Param.ReportBufferOverflowErrorEvent));
  if (e.readerException) parts.push(tlv(Param.ReaderExceptionEvent, utf8v(e.readerException.message)));
  return tlv(Param.ReaderEventNotificationData, ...parts);
}

/** What a message type is called, for errors and logs. */
export function messageName(type: number): string {
  const entry = Object.entries(MessageType).find(([, value]) => value === type);
  return entry ? entry[0] : `message ${type}`;
}
