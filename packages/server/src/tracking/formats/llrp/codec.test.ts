/**
 * The codec against real captures (fixtures/llrp, from edgexfoundry/device-rfid-llrp-go): each
 * `.bytes` body decodes to the values of its `.json`; what the client sends round-trips.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeAddRospec,
  decodeReaderCapabilitiesResponse,
  decodeReaderConfigResponse,
  decodeReaderEventNotification,
  decodeRoAccessReport,
  decodeRospecId,
  decodeSetReaderConfig,
  decodeStatusResponse,
  encodeAddRospec,
  encodeMessage,
  encodeReaderCapabilitiesResponse,
  encodeReaderEventNotification,
  encodeRoAccessReport,
  encodeRospecId,
  encodeSetReaderConfig,
  encodeStatus,
  LlrpError,
  MessageReader,
  MessageType,
  ReaderEventType,
  readParams,
} from './codec.js';

const DIR = path.join(import.meta.dirname, '../fixtures/llrp');
const bytes = (name: string) => readFileSync(path.join(DIR, `${name}.bytes`));
// biome-ignore lint/suspicious/noExplicitAny: the driver's decoding, compared field by field
const json = (name: string): any => JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8'));
const hexOf = (base64: string) => Buffer.from(base64, 'base64').toString('hex').toUpperCase();

describe('LLRP captures decode as the reference driver decoded them', () => {
  it.each(['CloseConnectionResponse-000', 'GetROSpecsResponse-000', 'GetAccessSpecsResponse-000'])(
    '%s: LLRPStatus',
    (name) => {
      const expected = json(name).LLRPStatus;
      const status = decodeStatusResponse(bytes(name));
      expect(status).toEqual({ status: expected.Status, errorDescription: expected.ErrorDescription });
    },
  );

  it('GetReaderCapabilitiesResponse: general, LLRP and regulatory capabilities', () => {
    const expected = json('GetReaderCapabilitiesResponse-000');
    const caps = decodeReaderCapabilitiesResponse(bytes('GetReaderCapabilitiesResponse-000'));
    const g = expected.GeneralDeviceCapabilities;
    expect(caps.status.status).toBe(expected.LLRPStatus.Status);
    expect(caps.general).toEqual({
      maxSupportedAntennas: g.MaxSupportedAntennas,
      canSetAntennaProperties: g.CanSetAntennaProperties,
      hasUTCClock: g.HasUTCClock,
      deviceManufacturer: g.DeviceManufacturer,
      model: g.Model,
      firmwareVersion: g.FirmwareVersion,
    });
    const l = expected.LLRPCapabilities;
    expect(caps.llrp).toEqual({
      canReportBufferFillWarning: l.CanReportBufferFillWarning,
      supportsEventsAndReportHolding: l.SupportsEventsAndReportHolding,
      maxROSpecs: l.MaxROSpecs,
      maxSpecsPerROSpec: l.MaxSpecsPerROSpec,
    });
    expect(caps.regulatory).toEqual({
      countryCode: expected.RegulatoryCapabilities.CountryCode,
      communicationsStandard: expected.RegulatoryCapabilities.CommunicationsStandard,
    });
  });

  it('GetReaderConfigResponse: identification, antenna states, keepalive', () => {
    const expected = json('GetReaderConfigResponse-000');
    const config = decodeReaderConfigResponse(bytes('GetReaderConfigResponse-000'));
    expect(config.identification?.idType).toBe(expected.Identification.IDType);
    expect(config.identification?.readerId.toString('base64')).toBe(expected.Identification.ReaderID);
    expect(config.antennaProperties).toEqual(
      expected.AntennaProperties.map(
        (a: { AntennaConnected: boolean; AntennaID: number; AntennaGain: number }) => ({
          antennaConnected: a.AntennaConnected,
          antennaId: a.AntennaID,
          antennaGain: a.AntennaGain,
        }),
      ),
    );
    expect(config.keepalive).toEqual({
      triggerType: expected.KeepAliveSpec.Trigger,
      periodMs: expected.KeepAliveSpec.Interval,
    });
  });

  it("GetReaderConfigResponse: the reader's event notification states and report spec, as SET_READER_CONFIG reads them", () => {
    const expected = json('GetReaderConfigResponse-000');
    // The configuration parameters share their layout with SET_READER_CONFIG's (after its flags byte).
    const config = decodeSetReaderConfig(
      Buffer.concat([Buffer.from([0]), bytes('GetReaderConfigResponse-000')]),
    );
    expect(config.events).toEqual(
      expected.ReaderEventNotificationSpec.EventNotificationStates.filter(
        (s: { NotificationEnabled: boolean }) => s.NotificationEnabled,
      ).map((s: { ReaderEventType: number }) => s.ReaderEventType),
    );
    expect(config.report).toEqual({ trigger: expected.ROReportSpec.Trigger, n: expected.ROReportSpec.N });
  });

  it('ReaderEventNotification: timestamp and connection close', () => {
    const expected = json('ReaderEventNotification-000').ReaderEventNotificationData;
    const event = decodeReaderEventNotification(bytes('ReaderEventNotification-000'));
    expect(event).toEqual({ utcTimestamp: expected.UTCTimestamp, connectionClose: true });
  });

  const reports = readdirSync(path.join(DIR, 'roAccessReports'))
    .filter((f) => f.endsWith('.bytes'))
    .map((f) => `roAccessReports/${f.slice(0, -'.bytes'.length)}`);

  it.each(reports)('%s: tag reports (EPC, antenna, peak RSSI, first seen µs UTC)', (name) => {
    const expected = json(name).TagReportData;
    const tags = decodeRoAccessReport(bytes(name));
    expect(tags).toHaveLength(expected.length);
    tags.forEach((tag, i) => {
      const e = expected[i];
      expect(tag.epc).toBe(hexOf(e.EPC96?.EPC ?? e.EPCData.EPC));
      expect(tag.antennaId).toBe(e.AntennaID ?? undefined);
      expect(tag.peakRssi).toBe(e.PeakRSSI ?? undefined);
      expect(tag.firstSeenUtc).toBe(e.FirstSeenUTC ?? undefined);
      expect(tag.lastSeenUtc).toBe(e.LastSeenUTC ?? undefined);
      expect(tag.tagSeenCount).toBe(e.TagSeenCount ?? undefined);
    });
  });

  it('found the nine captured reports', () => expect(reports).toHaveLength(9));
});

describe('messages Sightline sends round-trip', () => {
  it('SET_READER_CONFIG: keepalives, event notifications, reports', () => {
    const config = {
      resetToFactoryDefault: false,
      keepaliveMs: 10_000,
      events: [
        ReaderEventType.Antenna,
        ReaderEventType.ReportBufferFillWarning,
        ReaderEventType.ReaderException,
      ],
      report: { trigger: 1 as const, n: 1 },
    };
    expect(decodeSetReaderConfig(encodeSetReaderConfig(config))).toEqual(config);
  });

  it('ADD_ROSPEC: antennas, immediate start, report spec', () => {
    const spec = {
      id: 7,
      priority: 0,
      antennaIds: [1, 3],
      startImmediate: true,
      report: { trigger: 2 as const, n: 0 },
    };
    expect(decodeAddRospec(encodeAddRospec(spec))).toEqual(spec);
    const all = { ...spec, antennaIds: [] };
    expect(decodeAddRospec(encodeAddRospec(all)).antennaIds).toEqual([0]);
  });

  it('ENABLE/START/DELETE_ROSPEC carry one ROSpecID', () => {
    expect(decodeRospecId(encodeRospecId(4_000_000_000))).toBe(4_000_000_000);
  });

  it('the reader side: capabilities, reports, events and statuses', () => {
    const caps = {
      maxSupportedAntennas: 4,
      deviceManufacturer: 25882,
      model: 2001002,
      firmwareVersion: 'sim 1',
    };
    expect(decodeReaderCapabilitiesResponse(encodeReaderCapabilitiesResponse(caps)).general).toEqual({
      ...caps,
      canSetAntennaProperties: false,
      hasUTCClock: true,
    });
    const tags = [
      {
        epc: '3074257BF7194E4000001A85',
        antennaId: 2,
        peakRssi: -61,
        firstSeenUtc: 1_796_000_000_123_456,
        lastSeenUtc: 1_796_000_000_223_456,
        tagSeenCount: 3,
      },
      { epc: 'E2801160600002', antennaId: 1 },
    ];
    expect(decodeRoAccessReport(encodeRoAccessReport(tags))).toEqual(tags);
    const event = { utcTimestamp: 1_796_000_000_000_001, antennaEvent: { connected: false, antennaId: 3 } };
    expect(decodeReaderEventNotification(encodeReaderEventNotification(event))).toEqual(event);
    expect(decodeStatusResponse(encodeStatus(101, 'P_ParameterError'))).toEqual({
      status: 101,
      errorDescription: 'P_ParameterError',
    });
  });

  it('framing: split and joined chunks give whole messages', () => {
    const a = encodeMessage(MessageType.KEEPALIVE_ACK, 9);
    const b = encodeMessage(MessageType.ENABLE_ROSPEC, 10, encodeRospecId(1));
    const all = Buffer.concat([a, b]);
    const reader = new MessageReader();
    expect(reader.push(all.subarray(0, 7))).toEqual([]);
    const out = reader.push(all.subarray(7));
    expect(out.map((m) => [m.type, m.id, m.body.length])).toEqual([
      [MessageType.KEEPALIVE_ACK, 9, 0],
      [MessageType.ENABLE_ROSPEC, 10, 4],
    ]);
    expect(all.readUInt16BE(0) >> 10).toBe(1); // version 1
  });

  it('refuses a corrupt stream and a parameter that does not fit', () => {
    const bad = Buffer.alloc(10);
    bad.writeUInt32BE(3, 2);
    expect(() => new MessageReader().push(bad)).toThrow(LlrpError);
    expect(() => readParams(Buffer.from([0x00, 0xf0, 0x00, 0x40]))).toThrow(LlrpError);
    expect(() => readParams(Buffer.from([0xff, 0x00]))).toThrow(LlrpError);
  });
});
