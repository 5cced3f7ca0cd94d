import tds from 'epc-tds';
import { describe, expect, it } from 'vitest';
import { decodeEpc, epcHexesOfUri, epcSearch, gtin14, rawEpcUri, sgtinGtinBits } from './epc.js';

/**
 * The worked examples of GS1's Tag Data Standard (binary, tag URI, pure identity URI and the
 * GS1 element string), as the standard's appendix gives them.
 */
const TDS_EXAMPLES = [
  [
    '3074257BF7194E4000001A85',
    'urn:epc:tag:sgtin-96:3.0614141.812345.6789',
    'urn:epc:id:sgtin:0614141.812345.6789',
  ],
  [
    '3674257BF6B7A659B2C2BF1000000000000000000000000000',
    'urn:epc:tag:sgtin-198:3.0614141.712345.32a%2Fb',
    'urn:epc:id:sgtin:0614141.712345.32a%2Fb',
  ],
  [
    '3174257BF4499602D2000000',
    'urn:epc:tag:sscc-96:3.0614141.1234567890',
    'urn:epc:id:sscc:0614141.1234567890',
  ],
  [
    '3274257BF46072000000162E',
    'urn:epc:tag:sgln-96:3.0614141.12345.5678',
    'urn:epc:id:sgln:0614141.12345.5678',
  ],
  [
    '3974257BF46072CD9615F8800000000000000000000000000',
    'urn:epc:tag:sgln-195:3.0614141.12345.32a%2Fb',
    'urn:epc:id:sgln:0614141.12345.32a%2Fb',
  ],
  [
    '3374257BF40C0E400000162E',
    'urn:epc:tag:grai-96:3.0614141.12345.5678',
    'urn:epc:id:grai:0614141.12345.5678',
  ],
  [
    '3774257BF40C0E59B2C2BF100000000000000000000',
    'urn:epc:tag:grai-170:3.0614141.12345.32a%2Fb',
    'urn:epc:id:grai:0614141.12345.32a%2Fb',
  ],
  ['3474257BF40000000000162E', 'urn:epc:tag:giai-96:3.0614141.5678', 'urn:epc:id:giai:0614141.5678'],
  [
    '3874257BF59B2C2BF1000000000000000000000000000000000',
    'urn:epc:tag:giai-202:3.0614141.32a%2Fb',
    'urn:epc:id:giai:0614141.32a%2Fb',
  ],
  [
    '2C74257BF46072000000162E',
    'urn:epc:tag:gdti-96:3.0614141.12345.5678',
    'urn:epc:id:gdti:0614141.12345.5678',
  ],
  [
    '3E74F4E4E7039B061438997367D0C18B266D1AB66EE0',
    'urn:epc:tag:gdti-174:3.4012345.98765.ABCDefgh012345678',
    'urn:epc:id:gdti:4012345.98765.ABCDefgh012345678',
  ],
  [
    '3F74F4E4E612640000019907',
    'urn:epc:tag:sgcn-96:3.4012345.67890.04711',
    'urn:epc:id:sgcn:4012345.67890.04711',
  ],
  [
    '3C74257BF400C0E680003039',
    'urn:epc:tag:cpi-96:3.0614141.98765.12345',
    'urn:epc:id:cpi:0614141.98765.12345',
  ],
  ['350007AB70425D4000000586', 'urn:epc:tag:gid-96:31415.271828.1414', 'urn:epc:id:gid:31415.271828.1414'],
] as const;

describe('decodeEpc: the Tag Data Standard examples', () => {
  it.each(TDS_EXAMPLES)('%s is %s', (hex, _tagUri, pureUri) => {
    expect(decodeEpc(hex).uri).toBe(pureUri);
    expect(decodeEpc(hex.toLowerCase()).uri).toBe(pureUri);
  });

  // epc-tds encodes an SGCN's serial without the leading 1 that keeps its leading zeros (it decodes
  // it right): the search cannot find an SGCN by its URI.
  const encodable = TDS_EXAMPLES.filter(([, tagUri]) => !tagUri.includes('sgcn'));
  it.each(encodable)('%s is the hex of its pure identity URI with its filter', (hex, _tagUri, pureUri) => {
    const found = epcHexesOfUri(pureUri);
    // epc-tds writes the whole 16-bit words of the EPC bank, the standard's example its bits.
    expect(found.some((h) => h.startsWith(hex) || hex.startsWith(h))).toBe(true);
  });

  it('reads GTIN and serial, and writes the Digital Link, of an SGTIN', () => {
    expect(decodeEpc('3074257BF7194E4000001A85')).toEqual({
      scheme: 'sgtin-96',
      uri: 'urn:epc:id:sgtin:0614141.812345.6789',
      digitalLink: 'https://id.gs1.org/01/80614141123458/21/6789',
      label: 'GTIN 80614141123458 · serial 6789',
      gtin: '80614141123458',
      serial: '6789',
    });
    expect(decodeEpc('3674257BF6B7A659B2C2BF1000000000000000000000000000')).toMatchObject({
      gtin: '70614141123451',
      serial: '32a/b',
      digitalLink: 'https://id.gs1.org/01/70614141123451/21/32a%2Fb',
    });
  });

  it('names the key of the other schemes, as in their GS1 element strings', () => {
    expect(decodeEpc('3174257BF4499602D2000000')).toMatchObject({
      key: { name: 'SSCC', value: '106141412345678908' },
      digitalLink: 'https://id.gs1.org/00/106141412345678908',
    });
    expect(decodeEpc('3474257BF40000000000162E')).toMatchObject({
      key: { name: 'GIAI', value: '06141415678' },
      digitalLink: 'https://id.gs1.org/8004/06141415678',
    });
    expect(decodeEpc('3374257BF40C0E400000162E').key).toEqual({ name: 'GRAI', value: '006141411234525678' });
    expect(decodeEpc('3274257BF46072000000162E').digitalLink).toBe(
      'https://id.gs1.org/414/0614141123452/254/5678',
    );
    expect(decodeEpc('3F74F4E4E612640000019907').key).toEqual({ name: 'GCN', value: '401234567890104711' });
  });

  it('keeps a raw URI for a tag no GS1 scheme reads (TIDs, unknown headers, bad partitions)', () => {
    expect(decodeEpc('E2801160600002084F2A2D4B')).toEqual({
      scheme: 'raw',
      uri: 'urn:epc:raw:96.xE2801160600002084F2A2D4B',
    });
    expect(decodeEpc('ABC').uri).toBe('urn:epc:raw:12.xABC');
    expect(rawEpcUri('00ff')).toBe('urn:epc:raw:16.x00FF');
    // SGTIN-96 header with partition 7, which the standard reserves.
    expect(decodeEpc('307C257BF7194E4000001A85').scheme).toBe('raw');
  });
});

describe("epc-tds's own round trips, through Sightline's decoder", () => {
  // The library's tests encode random values of each scheme and read them back; the same here,
  // checked at the pure identity URI Sightline shows.
  // Random values, as the library's own tests; a generous time limit for a loaded machine.
  const N = 100;
  const SLOW = 30_000;
  it(
    'SGTIN-96 and SGTIN-198: GTIN and serial back, and the URI finds the hex',
    () => {
      for (let i = 0; i < N; i++) {
        const gtin = tds.Utils.randomEan(14);
        const serial = Math.floor(Math.random() * tds.Sgtin96.MAX_SERIAL);
        const hex = new tds.Sgtin96()
          .setFilter(i % 8)
          .setPartition(i % 7)
          .setGtin(gtin)
          .setSerial(serial)
          .toHexString();
        const id = decodeEpc(hex);
        expect(id).toMatchObject({ gtin, serial: String(serial) });
        expect(epcHexesOfUri(id.uri)).toContain(hex);
      }
      for (let i = 0; i < N; i++) {
        const gtin = tds.Utils.randomEan(14);
        const serial = tds.Utils.randomHex(20);
        const hex = new tds.Sgtin198()
          .setFilter(3)
          .setPartition(6)
          .setGtin(gtin)
          .setSerial(serial)
          .toHexString();
        expect(decodeEpc(hex)).toMatchObject({ gtin, serial });
      }
    },
    SLOW,
  );

  it(
    'SSCC, GRAI, GIAI, GSRN, GDTI and SGCN keys back',
    () => {
      for (let i = 0; i < N; i++) {
        const sscc = tds.Utils.randomEan(18);
        expect(
          decodeEpc(new tds.Sscc96().setFilter(3).setPartition(6).setSscc(sscc).toHexString()).key?.value,
        ).toBe(sscc);
        const gsrn = tds.Utils.randomEan(18);
        expect(
          decodeEpc(new tds.Gsrn96().setFilter(3).setPartition(6).setGsrn(gsrn).toHexString()).key?.value,
        ).toBe(gsrn);
        const asset =
          String(Math.floor(Math.random() * 999999)).padStart(6, '0') + Math.floor(Math.random() * 65535);
        expect(
          decodeEpc(new tds.Giai96().setFilter(3).setPartition(6).setGiai(asset).toHexString()).key?.value,
        ).toBe(asset);
        const grai = tds.Utils.randomEan(13) + Math.floor(Math.random() * 65535);
        expect(
          decodeEpc(new tds.Grai96().setFilter(3).setPartition(6).setGrai(grai).toHexString()).key?.value,
        ).toBe(`0${grai}`);
        const gdti = tds.Utils.randomEan(13) + Math.floor(Math.random() * 65535);
        expect(
          decodeEpc(new tds.Gdti96().setFilter(3).setPartition(6).setGdti(gdti).toHexString()).key?.value,
        ).toBe(gdti);
        const sgcn = tds.Utils.randomEan(13) + Math.floor(Math.random() * 65535);
        expect(
          decodeEpc(new tds.Sgcn96().setFilter(3).setPartition(6).setSgcn(sgcn).toHexString()).key?.value,
        ).toBe(sgcn);
      }
    },
    SLOW,
  );
});

describe('epcSearch', () => {
  it('reads a pure identity URI, a raw URI, a Digital Link and a GTIN', () => {
    expect(epcSearch('urn:epc:id:sgtin:0614141.812345.6789')?.hexes).toContain('3074257BF7194E4000001A85');
    expect(epcSearch('urn:epc:raw:96.xE2801160600002084F2A2D4B')?.hexes).toEqual([
      'E2801160600002084F2A2D4B',
    ]);
    expect(epcSearch('https://id.gs1.org/01/80614141123458/21/6789')?.hexes).toContain(
      '3074257BF7194E4000001A85',
    );
    const bits = epcSearch('80614141123458')?.sgtinPrefixes ?? [];
    const tagBits = BigInt('0x3074257BF7194E4000001A85').toString(2).padStart(96, '0').slice(11, 58);
    expect(bits).toContain(tagBits);
    expect(sgtinGtinBits('80614141123458').length).toBeGreaterThan(1);
  });

  it('is undefined for text that is no EPC identity', () => {
    expect(epcSearch('pallet 12')).toBeUndefined();
    expect(epcSearch('80614141123459')).toBeUndefined(); // wrong check digit
    expect(epcSearch('urn:epc:id:sgtin:nonsense')).toBeUndefined();
  });

  it('reads GTIN-8, -12, -13 and -14 with their check digit', () => {
    expect(gtin14('96385074')).toBe('00000096385074');
    expect(gtin14('614141123452')).toBe('00614141123452');
    expect(gtin14('4006381333931')).toBe('04006381333931');
    expect(gtin14('4006381333932')).toBeUndefined();
  });
});
