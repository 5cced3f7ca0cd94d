/**
 * The address guard against every spelling of a forbidden address: IPv4 in the decimal, hex and
 * octal forms the URL parser normalises, IPv6 in brackets, and IPv4 embedded in IPv6 by every
 * mechanism that can carry a packet to it. Generated cases (fast-check); the oracle for "public"
 * is ipaddr.js's own classification, not the guard's list.
 */
import { networkInterfaces } from 'node:os';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { checkTarget, hostOf, isForbiddenAddress, isOwnAddress } from './address-guard.js';

const octets = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const dotted = (n: number) => octets(n).join('.');
const hex16 = (n: number) => [(n >>> 16).toString(16), (n & 0xffff).toString(16)];

/** Forbidden IPv4 ranges as [first address, prefix length]. */
const FORBIDDEN_V4: [number, number][] = [
  [0x7f000000, 8], // loopback
  [0x0a000000, 8],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0xa9fe0000, 16], // link-local and cloud metadata
  [0x64400000, 10], // carrier-grade NAT
  [0xa83f8110, 32], // Azure's platform endpoint 168.63.129.16
  [0x00000000, 8],
  [0xc0000200, 24], // documentation
  [0xc6336400, 24],
  [0xcb007100, 24],
  [0xe0000000, 4],
  [0xf0000000, 4],
];
const forbiddenV4 = fc
  .oneof(
    fc.constantFrom(0x7f000001, 0xa9fea9fe, 0x64646464, 0),
    fc
      .tuple(fc.constantFrom(...FORBIDDEN_V4), fc.integer({ min: 0, max: 0xffffffff }))
      .map(([[base, prefix], rest]) => (base | (prefix === 32 ? 0 : rest >>> prefix)) >>> 0),
  )
  .map((n) => n >>> 0);

const isPublicV4 = (n: number) =>
  ipaddr.parse(dotted(n)).range() === 'unicast' && !isOwnAddress(dotted(n)) && n !== 0xa83f8110;
const publicV4 = fc.integer({ min: 0, max: 0xffffffff }).filter(isPublicV4);

/** Ways a URL can spell an IPv4 host that the WHATWG URL parser turns into a.b.c.d. */
const ipv4Spellings = (n: number): string[] => {
  const [a = 0, b = 0, c = 0, d = 0] = octets(n);
  const oct = (x: number) => `0${x.toString(8)}`;
  const hex = (x: number) => `0x${x.toString(16)}`;
  return [
    dotted(n),
    `${dotted(n)}.`,
    String(n),
    hex(n),
    `0X${n.toString(16).toUpperCase()}`,
    oct(n),
    [a, b, c, d].map(hex).join('.'),
    [a, b, c, d].map(oct).join('.'),
    `${hex(a)}.${b}.${oct(c)}.${d}`,
    `${a}.${b}.${(c << 8) | d}`,
    `${a}.${hex((b << 16) | (c << 8) | d)}`,
    `${oct(a)}.${(b << 16) | (c << 8) | d}`,
  ];
};

/** Bracketed IPv6 forms that carry the IPv4 address n. */
const embeddings = (n: number): string[] => {
  const [hi, lo] = hex16(n);
  return [
    `[::ffff:${dotted(n)}]`, // IPv4-mapped
    `[::ffff:${hi}:${lo}]`,
    `[0:0:0:0:0:FFFF:${hi}:${lo}]`,
    `[0000:0000:0000:0000:0000:ffff:${dotted(n)}]`,
    `[64:ff9b::${dotted(n)}]`, // NAT64 well-known prefix
    `[64:ff9b::${hi}:${lo}]`,
    `[::ffff:0:${dotted(n)}]`, // SIIT
    `[::ffff:0:${hi}:${lo}]`,
    `[2002:${hi}:${lo}::1]`, // 6to4
    `[2002:${hi}:${lo}:ffff::]`,
  ];
};

/** Bracketed forms that are refused whatever IPv4 address they carry. */
const alwaysRefused = (n: number): string[] => {
  const [hi, lo] = hex16(n);
  return [
    `[::${dotted(n)}]`, // IPv4-compatible (deprecated)
    `[::${hi}:${lo}]`,
    `[64:ff9b:1::${dotted(n)}]`, // NAT64 local-use prefix
    `[64:ff9b:1:${hi}:${lo}::]`,
    `[2001:0:${hi}:${lo}::1]`, // Teredo
  ];
};

const refused = async (host: string) => {
  const url = `http://${host}:8080/hook`;
  const target = hostOf(new URL(url));
  return isForbiddenAddress(target) && (await checkTarget(url, false)).ok === false;
};
const accepted = async (host: string) => {
  const url = `https://${host}/hook`;
  return !isForbiddenAddress(hostOf(new URL(url))) && (await checkTarget(url, false)).ok;
};

describe('address guard', () => {
  it('refuses every spelling and embedding of loopback, private, metadata and documentation IPv4', async () => {
    await fc.assert(
      fc.asyncProperty(forbiddenV4, async (n) => {
        for (const host of [...ipv4Spellings(n), ...embeddings(n), ...alwaysRefused(n)])
          expect(await refused(host), `${host} (${dotted(n)})`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts public IPv4 in every spelling and in the embeddings that reach it', async () => {
    await fc.assert(
      fc.asyncProperty(publicV4, async (n) => {
        for (const host of [...ipv4Spellings(n), ...embeddings(n)])
          expect(await accepted(host), `${host} (${dotted(n)})`).toBe(true);
        for (const host of alwaysRefused(n)) expect(await refused(host), host).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses forbidden IPv6 ranges and accepts public IPv6', async () => {
    const word = fc.integer({ min: 0, max: 0xffff }).map((w) => w.toString(16));
    const words = fc.array(word, { minLength: 8, maxLength: 8 });
    /** An address of the prefix's range: the prefix's words, then random ones. */
    const within = (prefixes: string[]) =>
      fc.tuple(fc.constantFrom(...prefixes), words).map(([prefix, rest]) => {
        const head = prefix.split(':');
        return `[${[...head, ...rest.slice(head.length)].join(':')}]`;
      });
    const forbidden = within(['fc00', 'fd00', 'fe80', 'febf', 'ff02', '2001:db8', '3fff:0', '3fff:fff']);
    const publicV6 = within(['2606:4700', '2a00:1450', '2600:1f18', '2c0f:fb50']);
    await fc.assert(
      fc.asyncProperty(forbidden, publicV6, async (bad, good) => {
        expect(await refused(bad), bad).toBe(true);
        expect(await accepted(good), good).toBe(true);
      }),
      { numRuns: 300 },
    );
    for (const host of ['[::]', '[::1]', '[0:0:0:0:0:0:0:1]', '[::ffff:0:0]', '[100::1]', '[2001::1]'])
      expect(await refused(host), host).toBe(true);
  });

  it("refuses this host's own interface addresses", async () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .flatMap((a) => (a ? [a.address] : []));
    expect(own.length).toBeGreaterThan(0);
    for (const address of own) {
      expect(isForbiddenAddress(address), address).toBe(true);
      if (!address.includes('%')) {
        const host = address.includes(':') ? `[${address}]` : address;
        expect(await refused(host), host).toBe(true);
      }
    }
  });

  it('counts an address as own when any interface holds it, in any spelling', () => {
    const table = {
      eth0: [{ address: '93.184.215.14', family: 'IPv4' as const }],
      eth1: [{ address: '2606:4700:10::6816:1', family: 'IPv6' as const }],
    };
    expect(isOwnAddress('93.184.215.14', table)).toBe(true);
    expect(isOwnAddress('2606:4700:10:0:0:0:6816:1', table)).toBe(true);
    expect(isOwnAddress('::ffff:93.184.215.14', table)).toBe(true);
    expect(isOwnAddress('93.184.215.15', table)).toBe(false);
  });
});
