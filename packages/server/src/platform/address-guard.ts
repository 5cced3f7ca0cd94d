/**
 * Address guard against server-side request forgery: an outgoing request (a webhook, an identity
 * provider's discovery) may not reach loopback, private, link-local, multicast, reserved,
 * documentation or cloud metadata addresses, nor any address of this host's own interfaces, unless
 * WEBHOOK_ALLOW_PRIVATE=true. An IPv6 address that carries an IPv4 address (mapped, SIIT, NAT64,
 * 6to4) is judged by the IPv4 address it leads to. Checked at save (the URL's host resolved) and
 * again at send time inside the connection's own DNS lookup, so the address checked is the address
 * connected to (a rebinding DNS answer cannot slip past).
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ['168.63.129.16', 32], // Azure's platform endpoint (WireServer), a metadata service like 169.254.169.254
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. the AWS/GCP/Azure metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback, and IPv4-compatible ::a.b.c.d (deprecated; never a real host)
  ['64:ff9b:1::', 48], // NAT64 for local use: translated to whatever the local network chooses
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing identifiers
  ['fc00::', 7], // unique local, incl. AWS's IPv6 metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/**
 * IPv6 ranges whose packets reach an IPv4 address written inside them, with the index of the first
 * of the two 16-bit words that hold it.
 */
const EMBEDDING: [ipaddr.IPv6, number, number][] = [
  [...ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), 6], // IPv4-mapped
  [...ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), 6], // SIIT (IPv4-translated)
  [...ipaddr.IPv6.parseCIDR('64:ff9b::/96'), 6], // NAT64 well-known prefix
  [...ipaddr.IPv6.parseCIDR('2002::/16'), 1], // 6to4
];

/** Hosts that name a metadata service whatever they resolve to. */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'instance-data']);

/** The IPv4 address an IPv6 address leads to, for the embedding ranges above. */
function embeddedIpv4(address: ipaddr.IPv6): string | undefined {
  for (const [net, prefix, word] of EMBEDDING) {
    if (!address.match(net, prefix)) continue;
    const hi = address.parts[word] ?? 0;
    const lo = address.parts[word + 1] ?? 0;
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return undefined;
}

/** One key per address whatever its spelling: IPv4-mapped IPv6 as its IPv4, zone ids dropped. */
function addressKey(address: string): string | undefined {
  if (!isIP(address)) return undefined;
  try {
    const parsed = ipaddr.parse(address);
    const ip =
      parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
        ? (parsed as ipaddr.IPv6).toIPv4Address()
        : parsed;
    return `${ip.kind()}:${ip.toByteArray().join('.')}`;
  } catch {
    return undefined;
  }
}

type InterfaceTable = Record<string, readonly { address: string }[] | undefined>;

const keysOf = (interfaces: InterfaceTable) =>
  new Set(Object.values(interfaces).flatMap((list) => (list ?? []).map((a) => addressKey(a.address) ?? '')));

/** This host's addresses, read again when a second old (an address gained later counts soon). */
let own = { keys: new Set<string>(), readAt: Number.NEGATIVE_INFINITY };
function ownKeys(): Set<string> {
  const now = performance.now();
  if (now - own.readAt > 1000) own = { keys: keysOf(networkInterfaces()), readAt: now };
  return own.keys;
}

/** Whether the address belongs to one of this host's interfaces (eth0's reaches this very server). */
export function isOwnAddress(address: string, interfaces?: InterfaceTable): boolean {
  const key = addressKey(address);
  if (!key) return false;
  return (interfaces ? keysOf(interfaces) : ownKeys()).has(key);
}

/** Whether an IP address is one a webhook may not reach (anything not an IP address is refused). */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (!family) return true;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (isOwnAddress(address)) return true;
  if (parsed.kind() === 'ipv4') return blocked.check(parsed.toString(), 'ipv4');
  const v6 = parsed as ipaddr.IPv6;
  const v4 = embeddedIpv4(v6);
  if (v4) return isForbiddenAddress(v4);
  return blocked.check(v6.toNormalizedString().replace(/%.*$/, ''), 'ipv6');
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

type TargetCheck = { ok: true } | { ok: false; reason: 'private' | 'unresolved' };

/** Resolves the host of `targetUrl` and checks every address it has (save time). */
export async function checkTarget(targetUrl: string, allowPrivate: boolean): Promise<TargetCheck> {
  if (allowPrivate) return { ok: true };
  const host = hostOf(new URL(targetUrl)).toLowerCase();
  if (METADATA_HOSTS.has(host)) return { ok: false, reason: 'private' };
  if (isIP(host)) return isForbiddenAddress(host) ? { ok: false, reason: 'private' } : { ok: true };
  let addresses: LookupAddress[];
  try {
    addresses = await dnsLookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, reason: 'unresolved' };
  }
  if (!addresses.length) return { ok: false, reason: 'unresolved' };
  return addresses.some((a) => isForbiddenAddress(a.address))
    ? { ok: false, reason: 'private' }
    : { ok: true };
}

/** The error code of a connection refused by lookupRefusing. */
export const REFUSED_ADDRESS_CODE = 'EREFUSEDADDRESS';

class ForbiddenTargetError extends Error {
  readonly code = REFUSED_ADDRESS_CODE;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request, net.connect and tls.connect: resolves like the default, and fails
 * when any resolved address is refused, so the socket only ever connects to an address that was
 * checked. (A host given as an IP address is not looked up: check it before connecting.)
 */
export function lookupRefusing(refused: (address: string) => boolean) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ): void => {
    if (METADATA_HOSTS.has(hostname.toLowerCase())) {
      callback(new ForbiddenTargetError(`refused: ${hostname} is a metadata host`), '', 0);
      return;
    }
    dnsLookup(hostname, { all: true, verbatim: true }).then(
      (addresses) => {
        const bad = addresses.find((a) => refused(a.address));
        if (bad || !addresses.length) {
          callback(
            new ForbiddenTargetError(`refused: ${hostname} resolves to ${bad?.address ?? 'nothing'}`),
            '',
            0,
          );
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** The webhooks' and identity providers' lookup: no forbidden address (isForbiddenAddress). */
export const guardedLookup = lookupRefusing(isForbiddenAddress);
