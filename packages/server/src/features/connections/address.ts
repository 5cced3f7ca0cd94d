/**
 * Which hosts a reader connection may name. Readers live on private networks, so private addresses
 * are allowed (unlike webhooks); loopback and link-local ones reach this server or the cloud's
 * metadata service and are refused unless READER_ALLOW_LOOPBACK=true (tests, the simulator).
 */
import { ENDPOINT_MSG, type EndpointConnectionInput } from '@sightline/shared';
import ipaddr from 'ipaddr.js';
import { lookupRefusing } from '../../platform/address-guard.js';
import { badRequest } from '../../platform/errors.js';

const REFUSED_RANGES = new Set(['loopback', 'linkLocal', 'unspecified']);

/** Whether an IP address is loopback, link-local or unspecified (an IPv4-mapped one by its IPv4). */
function isLoopbackAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return REFUSED_RANGES.has(ip.range());
}

/** Whether a host (a name or an IP literal) is loopback, link-local or unspecified. */
function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isLoopbackAddress(name);
}

/**
 * The lookup a reader connection connects through: a host name checked when it was saved may
 * resolve to loopback or link-local later (a changed DNS record), so every address it resolves to
 * is checked again at each connect. Undefined (the default lookup) when loopback is allowed.
 */
export const readerLookup = (allowLoopback: boolean) =>
  allowLoopback ? undefined : lookupRefusing(isLoopbackAddress);

/** A 400 naming `connection.host` when the connection names a refused host. */
export function checkConnection(
  connection: EndpointConnectionInput | undefined,
  allowLoopback: boolean,
): void {
  if (!connection || connection.mode === 'push' || allowLoopback) return;
  if (isLoopbackHost(connection.host)) {
    const path = 'connection.host';
    throw badRequest(`${path}: ${ENDPOINT_MSG.hostLoopback}`, [{ path, message: ENDPOINT_MSG.hostLoopback }]);
  }
}
