/**
 * Address guard against server-side request forgery: an outgoing request (a webhook, an identity
 * provider's discovery) may not reach loopback, private, link-local,
 * multicast, reserved or cloud metadata addresses unless WEBHOOK_ALLOW_PRIVATE=true. Checked at
 * save (the URL's host resolved) and again at send time inside the connection's own DNS lookup,
 * so the address checked is the address connected to (a rebinding DNS answer cannot slip past).
 */
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. the AWS/GCP/Azure metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, incl. AWS's IPv6 metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['100::', 64], // discard
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** Hosts that name a metadata service whatever they resolve to. */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'instance-data']);

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return undefined;
  const hi = Number.parseInt(hex[1], 16);
  const lo = Number.parseInt(hex[2], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an IP address is one a webhook may not reach. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
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

class ForbiddenTargetError extends Error {
  readonly code = 'EWEBHOOKPRIVATE';
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request: resolves like the default, and fails when any resolved address is
 * forbidden, so the socket only ever connects to an address that was checked.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  if (METADATA_HOSTS.has(hostname.toLowerCase())) {
    callback(new ForbiddenTargetError(`refused: ${hostname} is a metadata host`), '', 0);
    return;
  }
  dnsLookup(hostname, { all: true, verbatim: true }).then(
    (addresses) => {
      const bad = addresses.find((a) => isForbiddenAddress(a.address));
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
}
