/**
 * EPC identities of the GS1 Tag Data Standard: a tag's hex EPC as its pure identity URI
 * (`urn:epc:id:sgtin:0614141.812345.6789`), GS1 Digital Link and the keys people read (GTIN and
 * serial, SSCC, GIAI …). The binary schemes are decoded by `epc-tds`; what it leaves out is here:
 * the URI escaping of alphanumeric parts, the raw URI of a tag no GS1 scheme reads, the Digital
 * Link, and the reverse lookups the things search needs (a URI or a GTIN to the hex it may be).
 */
import tds from 'epc-tds';

export interface EpcIdentity {
  /** The TDS scheme of the binary encoding (`sgtin-96`) or `raw`. */
  scheme: string;
  /** Pure identity URI for a GS1 scheme; `urn:epc:raw:<bits>.x<hex>` otherwise. */
  uri: string;
  /** GS1 Digital Link (id.gs1.org) where the scheme has a GS1 key. */
  digitalLink?: string;
  /** The keys a person reads: `GTIN 80614141123458 · serial 6789`. */
  label?: string;
  gtin?: string;
  serial?: string;
  /** SSCC, GIAI, GRAI, GSRN, GDTI, SGCN, GLN: the scheme's own key. */
  key?: { name: string; value: string };
}

type Decoded = ReturnType<typeof tds.valueOf>;

const DIGITAL_LINK = 'https://id.gs1.org';

/**
 * Characters a pure identity URI writes as %XX (the TDS URI rule for the alphanumeric
 * components: `"`, `%`, `&`, `/`, `<`, `>`, `?`).
 */
const URI_ESCAPES: Record<string, string> = {
  '"': '%22',
  '%': '%25',
  '&': '%26',
  '/': '%2F',
  '<': '%3C',
  '>': '%3E',
  '?': '%3F',
};
const escapeComponent = (s: string) => s.replace(/["%&/<>?]/g, (c) => URI_ESCAPES[c] ?? c);
const unescapeComponent = (s: string) =>
  s.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** A Digital Link path segment: RFC 3986 percent-encoding of anything not unreserved. */
const dlSegment = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const RAW_PATTERN = /^[0-9A-F]+$/;

/** The raw URI of a tag no GS1 scheme reads: its length in bits and its hex. */
export function rawEpcUri(hex: string) {
  const upper = hex.toUpperCase();
  return `urn:epc:raw:${upper.length * 4}.x${upper}`;
}

/**
 * The pure identity URI, its last component (after `numeric` numeric ones) escaped: epc-tds writes
 * the alphanumeric component as it is; TDS escapes its reserved characters.
 */
function idUri(epc: Decoded, alphanumeric: boolean, numeric = 2) {
  const uri = epc.toIdURI();
  if (!alphanumeric) return uri;
  const head = uri.split('.', numeric).join('.');
  return `${head}.${escapeComponent(uri.slice(head.length + 1))}`;
}

/** Decodes a hex EPC; a tag that is not a valid GS1 scheme's EPC keeps its raw URI. */
export function decodeEpc(hex: string): EpcIdentity {
  const upper = hex.toUpperCase();
  if (!RAW_PATTERN.test(upper)) return { scheme: 'raw', uri: rawEpcUri(upper) };
  try {
    // An odd count of hex digits holds the EPC's bits left-aligned (the standard writes SGLN-195 in
    // 49 digits); epc-tds reads whole bytes, so the last half byte is completed with zeros.
    const bytes = upper.length % 2 ? `${upper}0` : upper;
    return describe(tds.valueOf(bytes)) ?? { scheme: 'raw', uri: rawEpcUri(upper) };
  } catch {
    // epc-tds throws on an unknown header and on values a scheme forbids (a partition above 6).
    return { scheme: 'raw', uri: rawEpcUri(upper) };
  }
}

function keyed(
  epc: Decoded,
  name: string,
  value: string,
  path: string,
  alphanumeric = false,
  numeric = 2,
): EpcIdentity {
  return {
    scheme: epc.getType().toLowerCase(),
    uri: idUri(epc, alphanumeric, numeric),
    digitalLink: `${DIGITAL_LINK}${path}`,
    label: `${name} ${value}`,
    key: { name, value },
  };
}

function describe(epc: Decoded): EpcIdentity | undefined {
  if (epc instanceof tds.Sgtin96 || epc instanceof tds.Sgtin198) {
    const gtin = epc.getGtin();
    const serial = String(epc.getSerial());
    return {
      scheme: epc.getType().toLowerCase(),
      uri: idUri(epc, epc instanceof tds.Sgtin198),
      digitalLink: `${DIGITAL_LINK}/01/${gtin}/21/${dlSegment(serial)}`,
      label: `GTIN ${gtin} · serial ${serial}`,
      gtin,
      serial,
    };
  }
  if (epc instanceof tds.Sscc96) return keyed(epc, 'SSCC', epc.getSscc(), `/00/${epc.getSscc()}`);
  if (epc instanceof tds.Sgln96 || epc instanceof tds.Sgln195) {
    const gln = epc.getGln();
    const extension = String(epc.getExtension());
    const path = extension === '0' ? `/414/${gln}` : `/414/${gln}/254/${dlSegment(extension)}`;
    return {
      ...keyed(epc, 'GLN', gln, path, epc instanceof tds.Sgln195),
      label: `GLN ${gln} · extension ${extension}`,
    };
  }
  if (epc instanceof tds.Grai96 || epc instanceof tds.Grai170) {
    // The GS1 element string (AI 8003) writes a GRAI after a leading zero.
    const grai = `0${epc.getGrai()}`;
    return keyed(epc, 'GRAI', grai, `/8003/${dlSegment(grai)}`, epc instanceof tds.Grai170);
  }
  if (epc instanceof tds.Giai96 || epc instanceof tds.Giai202) {
    // company prefix, then the individual asset reference
    return keyed(
      epc,
      'GIAI',
      epc.getGiai(),
      `/8004/${dlSegment(epc.getGiai())}`,
      epc instanceof tds.Giai202,
      1,
    );
  }
  if (epc instanceof tds.Gsrn96) return keyed(epc, 'GSRN', epc.getGsrn(), `/8018/${epc.getGsrn()}`);
  if (epc instanceof tds.Gdti96 || epc instanceof tds.Gdti174) {
    return keyed(epc, 'GDTI', epc.getGdti(), `/253/${dlSegment(epc.getGdti())}`, epc instanceof tds.Gdti174);
  }
  if (epc instanceof tds.Sgcn96) return keyed(epc, 'GCN', epc.getSgcn(), `/255/${epc.getSgcn()}`);
  if (epc instanceof tds.Cpi96) {
    const cpi = epc.getCpi();
    const serial = String(epc.getSerial());
    return {
      ...keyed(epc, 'CPI', cpi, `/8010/${dlSegment(cpi)}/8011/${serial}`),
      label: `CPI ${cpi} · serial ${serial}`,
      serial,
    };
  }
  if (epc instanceof tds.Gid96) {
    return {
      scheme: 'gid-96',
      uri: epc.toIdURI(),
      label: `GID ${epc.getManager()}.${epc.getClass()}.${epc.getSerial()}`,
    };
  }
  return undefined;
}

/** Bits per scheme a pure identity URI's scheme is encoded in, for the reverse lookup. */
const TAG_SCHEMES: Record<string, string[]> = {
  sgtin: ['sgtin-96', 'sgtin-198'],
  sscc: ['sscc-96'],
  sgln: ['sgln-96', 'sgln-195'],
  grai: ['grai-96', 'grai-170'],
  giai: ['giai-96', 'giai-202'],
  gsrn: ['gsrn-96'],
  gdti: ['gdti-96', 'gdti-174'],
  sgcn: ['sgcn-96'],
  cpi: ['cpi-96'],
  gid: ['gid-96'],
};
const FILTERS = [0, 1, 2, 3, 4, 5, 6, 7];

/**
 * Every hex EPC a URI may be on a tag: a pure identity URI in each binary size of its scheme and
 * each filter value (the URI has no filter), or a raw URI's hex. Empty when it is neither.
 *
 * Each size is encoded and checked once, with filter 0. Every scheme that has a filter holds it in
 * bits 8–10, right after the header, and nothing else depends on it: the other seven hexes differ
 * from the first only in the third hex digit's top three bits.
 */
export function epcHexesOfUri(uri: string): string[] {
  const raw = /^urn:epc:raw:(\d+)\.x([0-9A-Fa-f]+)$/.exec(uri.trim());
  if (raw?.[2]) return [raw[2].toUpperCase()];
  const id = /^urn:epc:id:([a-z]+):(.+)$/.exec(uri.trim());
  if (!id?.[1] || !id[2]) return [];
  const schemes = TAG_SCHEMES[id[1]] ?? [];
  const value = id[2];
  const hexes: string[] = [];
  for (const scheme of schemes) {
    if (scheme === 'gid-96') {
      const hex = encodeTagUri(`urn:epc:tag:${scheme}:${value}`, uri.trim());
      if (hex) hexes.push(hex);
      continue;
    }
    const hex = encodeTagUri(`urn:epc:tag:${scheme}:0.${unescapeAll(value)}`, uri.trim());
    if (!hex) continue;
    const lowBit = Number.parseInt(hex.charAt(2), 16) & 1;
    for (const filter of FILTERS)
      hexes.push(`${hex.slice(0, 2)}${((filter << 1) | lowBit).toString(16).toUpperCase()}${hex.slice(3)}`);
  }
  return [...new Set(hexes)];
}

/** epc-tds reads alphanumeric components as written; the TDS URI escapes them. */
function unescapeAll(value: string) {
  return value.split('.').map(unescapeComponent).join('.');
}

/** The hex of a tag URI, kept only when it decodes back to the pure identity URI it came from. */
function encodeTagUri(tagUri: string, idUriWanted: string) {
  try {
    const hex = tds.fromTagURI(tagUri).toHexString();
    return decodeEpc(hex).uri === idUriWanted ? hex : undefined;
  } catch {
    // A value the binary size cannot hold (a long serial in 96 bits): not this encoding.
    return undefined;
  }
}

/** A GTIN as the 14 digits an SGTIN holds: GTIN-8, -12, -13 and -14 with a valid check digit. */
export function gtin14(text: string): string | undefined {
  const digits = text.trim();
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return undefined;
  const gtin = digits.padStart(14, '0');
  return tds.Utils.computeCheckDigit(gtin.slice(0, 13)) === Number(gtin[13]) ? gtin : undefined;
}

/**
 * The bits an SGTIN's partition, company prefix and item reference take (bits 11 to 57 of both
 * SGTIN-96 and SGTIN-198) for a GTIN, one string of 0 and 1 per partition: which partition a
 * tag uses depends on its company prefix's length, which a GTIN does not tell.
 */
export function sgtinGtinBits(gtin: string): string[] {
  const bits: string[] = [];
  for (let partition = 0; partition <= 6; partition++) {
    try {
      const epc = new tds.Sgtin96().setFilter(0).setPartition(partition).setGtin(gtin).setSerial(0);
      const all = BigInt(`0x${epc.toHexString()}`).toString(2).padStart(96, '0');
      bits.push(all.slice(11, 58));
    } catch {
      // A company prefix of this length cannot be in this GTIN.
    }
  }
  return bits;
}

/** The hexes of every SGTIN of a GTIN and serial (each partition, filter and binary size). */
function sgtinHexes(gtin: string, serial: string): string[] {
  const hexes = new Set<string>();
  for (let partition = 0; partition <= 6; partition++) {
    for (const filter of FILTERS) {
      for (const make of [
        () => new tds.Sgtin96().setSerial(Number(serial)),
        () => new tds.Sgtin198().setSerial(serial),
      ]) {
        try {
          const epc = make().setFilter(filter).setPartition(partition).setGtin(gtin);
          const hex = epc.toHexString();
          const back = decodeEpc(hex);
          if (back.gtin === gtin && back.serial === serial) hexes.add(hex);
        } catch {
          // The serial does not fit this size, or the partition this GTIN.
        }
      }
    }
  }
  return [...hexes];
}

/**
 * What a search for EPCs looks for: exact hexes, or the leading bits of an SGTIN from its
 * partition on (bit 11 of SGTIN-96 and -198 alike): a GTIN's, or a company prefix's.
 */
export interface EpcSearch {
  hexes: string[];
  sgtinPrefixes: string[];
}

/** Company prefix bits per SGTIN partition (the item reference takes 44 minus these). */
const SGTIN_COMPANY_BITS = [40, 37, 34, 30, 27, 24, 20];

/**
 * An SGTIN pattern of the EPCIS query (`urn:epc:idpat:sgtin:0614141.812345.*`,
 * `urn:epc:idpat:sgtin:0614141.*.*`, `urn:epc:idpat:sgtin:*.*.*`) as the bits it fixes.
 */
function sgtinPatternPrefix(pattern: string): string | undefined {
  const m = /^urn:epc:idpat:sgtin:(\d+|\*)\.(\d+|\*)\.\*$/.exec(pattern);
  if (!m?.[1] || !m[2]) return undefined;
  const [, company, item] = m;
  if (company === '*') return item === '*' ? '' : undefined;
  const partition = 12 - company.length;
  const companyBits = SGTIN_COMPANY_BITS[partition];
  if (companyBits === undefined) return undefined;
  const bits = (value: string, width: number) => BigInt(value).toString(2).padStart(width, '0');
  const head = bits(String(partition), 3) + bits(company, companyBits);
  if (item === '*') return head;
  if (item.length !== 13 - company.length) return undefined;
  return head + bits(item, 44 - companyBits);
}

/**
 * The EPCs a list of EPCIS `MATCH_epc` values names: pure identity and raw URIs, and SGTIN
 * patterns. A value it cannot read matches nothing.
 */
export function epcMatch(values: string[]): EpcSearch {
  const found: EpcSearch = { hexes: [], sgtinPrefixes: [] };
  for (const value of values) {
    if (value.startsWith('urn:epc:idpat:')) {
      const prefix = sgtinPatternPrefix(value);
      if (prefix !== undefined) found.sgtinPrefixes.push(prefix);
    } else {
      found.hexes.push(...epcHexesOfUri(value));
    }
  }
  return found;
}

/**
 * A search term read as an EPC identity: a pure identity or raw URI, a GS1 Digital Link with
 * GTIN and serial, or a GTIN. Undefined when it is none of them (the term is only text then).
 */
export function epcSearch(term: string): EpcSearch | undefined {
  const text = term.trim();
  if (text.startsWith('urn:epc:')) {
    const hexes = epcHexesOfUri(text);
    return hexes.length ? { hexes, sgtinPrefixes: [] } : undefined;
  }
  const link = /^https?:\/\/[^/]+\/(?:.*\/)?01\/(\d{14})\/21\/([^/?#]+)/.exec(text);
  if (link?.[1] && link[2]) {
    const hexes = sgtinHexes(link[1], decodeURIComponent(link[2]));
    return hexes.length ? { hexes, sgtinPrefixes: [] } : undefined;
  }
  const gtin = gtin14(text);
  return gtin ? { hexes: [], sgtinPrefixes: sgtinGtinBits(gtin) } : undefined;
}
